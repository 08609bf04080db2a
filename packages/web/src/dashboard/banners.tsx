/**
 * The dashboard's banners (spec part 1 §2.10): Payment Issue, Payment Received - Activating
 * Subscription (with 'Check Status'), and the questionnaire prompt or its green 'complete' line.
 */
import { Alert, Button, Stack } from "@chakra-ui/react";
import type { CurrentUser } from "@portal/core/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isUnauthorizedError } from "../api/client";
import { currentUserKey } from "../api/current-user";
import { toast } from "../ui/toaster";
import { bannersFor } from "./banner-rules";
import { verifySubscription } from "./queries";

const PLAN_NAMES: Record<string, string> = {
  starter: "Starter",
  pro: "Professional",
  enterprise: "Enterprise",
};

export function DashboardBanners({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const state = bannersFor(user);

  const check = useMutation({
    mutationFn: verifySubscription,
    onSuccess: (answer) => {
      const plan = answer.activations[0]?.plan;
      if (answer.success && plan) {
        toast({
          title: "Subscription Activated!",
          description: `Your ${PLAN_NAMES[plan] ?? plan} plan is now active.`,
        });
      } else {
        toast({
          title: "No Active Subscription",
          description: "We couldn't find an active subscription in your payment provider account.",
          variant: "destructive",
        });
      }
      // Spec part 1 §4: after the check the current user is reloaded.
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Verification Failed",
        description: "Failed to verify subscription status.",
        variant: "destructive",
      });
    },
  });

  const any =
    state.paymentIssue ||
    state.activating ||
    state.questionnairePrompt ||
    state.questionnaireComplete;
  if (!any) return null;

  return (
    <Stack gap="3" mb="6">
      {state.paymentIssue ? (
        <Alert.Root status="error" borderRadius="lg" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Payment Issue</Alert.Title>
            <Alert.Description>
              We couldn't process your latest payment. Please update your payment details to keep
              your websites running.
            </Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" colorPalette="red" flexShrink="0">
            <Link to="/billing">Go to Billing</Link>
          </Button>
        </Alert.Root>
      ) : null}

      {state.activating ? (
        <Alert.Root status="info" borderRadius="lg" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Payment Received - Activating Subscription</Alert.Title>
            <Alert.Description>
              Your payment went through and we're activating your subscription. This usually takes a
              moment.
            </Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            flexShrink="0"
            loading={check.isPending}
            loadingText="Checking..."
            onClick={() => check.mutate()}
          >
            Check Status
          </Button>
        </Alert.Root>
      ) : null}

      {state.questionnairePrompt ? (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Complete Your Website Questionnaire</Alert.Title>
            <Alert.Description>
              Tell us about your business so our team can start building your website.
            </Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" colorPalette="brand" flexShrink="0">
            <Link to="/questionnaire">Start Questionnaire</Link>
          </Button>
        </Alert.Root>
      ) : state.questionnaireComplete ? (
        <Alert.Root status="success" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Questionnaire Complete!</Alert.Title>
            <Alert.Description>
              Thanks for your answers. Our team is working on your website.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
