/**
 * The dashboard's banners (docs/pages.md, "Dashboard banners"): Payment Issue, Payment Received -
 * Activating Subscription (with 'Check Status'), and the questionnaire prompt or its green
 * 'complete' line.
 */
import { Alert, Button, Flex, Stack } from "@chakra-ui/react";
import { planById } from "@portal/core/contracts/plans";
import type { CurrentUser } from "@portal/core/contracts/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { mayDo } from "../access/role";
import { isUnauthorizedError } from "../api/client";
import { currentUserKey } from "../api/current-user";
import { SitesSuspendedNotice } from "../billing/sites-suspended-notice";
import { toast } from "../ui/toaster";
import { bannersFor } from "./banner-rules";
import { verifySubscription } from "./queries";

export function DashboardBanners({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const state = bannersFor(user);
  // Billing is the owner's (docs/team.md, "Roles"): a member is told whom to ask instead.
  const owner = mayDo(user, "owner");

  const check = useMutation({
    mutationFn: verifySubscription,
    onSuccess: (answer) => {
      const plan = answer.activations[0]?.plan;
      if (answer.success && plan) {
        toast({
          title: "Subscription Activated!",
          description: `Your ${planById(plan)?.name ?? plan} plan is now active.`,
        });
      } else {
        toast({
          title: "No Active Subscription",
          description: "We couldn't find an active subscription in your payment provider account.",
          variant: "destructive",
        });
      }
      // After the check the current user is reloaded (docs/billing.md, "Paying by card").
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

  return (
    <Stack gap="3" mb="6">
      {state.sitesSuspended && user.sitesDeleteAfter ? (
        <SitesSuspendedNotice deleteAfter={user.sitesDeleteAfter} owner={owner} />
      ) : null}

      {state.paymentIssue ? (
        <Banner
          status="error"
          title="Payment Issue"
          action={
            owner ? (
              <Button asChild size="sm" colorPalette="red">
                <Link to="/billing">Go to Billing</Link>
              </Button>
            ) : undefined
          }
        >
          We couldn't process your latest payment.{" "}
          {owner
            ? "Please update your payment details to keep your websites running."
            : "Please ask an owner of the account to update the payment details to keep the websites running."}
        </Banner>
      ) : null}

      {state.activating ? (
        <Banner
          status="info"
          title="Payment Received - Activating Subscription"
          action={
            owner ? (
              <Button
                size="sm"
                variant="outline"
                loading={check.isPending}
                loadingText="Checking..."
                onClick={() => check.mutate()}
              >
                Check Status
              </Button>
            ) : undefined
          }
        >
          Your payment went through and we're activating your subscription. This usually takes a
          moment.
        </Banner>
      ) : null}

      {state.questionnairePrompt ? (
        <Banner
          status="warning"
          title="Complete Your Website Questionnaire"
          action={
            <Button asChild size="sm" colorPalette="brand">
              <Link to="/questionnaire">Start Questionnaire</Link>
            </Button>
          }
        >
          Tell us about your business so our team can start building your website.
        </Banner>
      ) : (
        <Banner status="success" title="Questionnaire Complete!">
          Thanks for your answers. Our team is working on your website.
        </Banner>
      )}
    </Stack>
  );
}

/** One banner: its text, and an action beside it (below it on a phone, where width is short). */
function Banner({
  status,
  title,
  action,
  children,
}: {
  status: "error" | "info" | "warning" | "success";
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} borderRadius="lg">
      <Alert.Indicator />
      <Flex
        flex="1"
        minW="0"
        gap="3"
        direction={{ base: "column", sm: "row" }}
        align={{ base: "flex-start", sm: "center" }}
        justify="space-between"
      >
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
        {action ? <Flex flexShrink="0">{action}</Flex> : null}
      </Flex>
    </Alert.Root>
  );
}
