/**
 * /complete-payment (docs/billing.md, "Paying by card"): loads the subscription's
 * open payment, confirms it with the card form (returning to our origin only if the card
 * needs a redirect), then goes to /?payment=success after 2 s.
 */
import { Card, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { isUnauthorizedError } from "../api/client";
import { PageHeader } from "../shell/app-shell";
import { LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { CardPaymentForm } from "./card-form";
import { paymentFailureToasts } from "./payment-toasts";
import { loadIncompletePayment } from "./queries";

const REDIRECT_MS = 2000;

export function CompletePaymentPage() {
  const navigate = useNavigate();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const later = (run: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(run, REDIRECT_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const load = useMutation({
    mutationFn: loadIncompletePayment,
    onSuccess: (answer) => {
      if (answer.success && answer.clientSecret) {
        setClientSecret(answer.clientSecret);
        return;
      }
      toast({
        title: "No Payment Required",
        description: "No incomplete payment found. Redirecting...",
      });
      later(() => void navigate({ to: "/" }));
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: "Failed to load payment information.",
        variant: "destructive",
      });
      later(() => void navigate({ to: "/" }));
    },
  });

  // Once, on arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a one-shot load
  useEffect(() => {
    load.mutate();
  }, []);

  return (
    <Stack gap="0" maxW="lg" mx="auto" w="full">
      <PageHeader title="Complete Your Payment" />
      <Card.Root variant="outline" borderRadius="xl">
        <Card.Body>
          {clientSecret && !paid ? (
            <Stack gap="5">
              <Text color="fg.muted">
                Your subscription has a payment waiting. Enter your card details to complete it and
                keep your websites running.
              </Text>
              <CardPaymentForm
                clientSecret={clientSecret}
                submitLabel="Complete Payment"
                returnUrl={window.location.origin}
                onSucceeded={() => {
                  setPaid(true);
                  toast({
                    title: "Payment Successful!",
                    description: "Your payment has been received. Thank you!",
                  });
                  later(() => void navigate({ href: "/?payment=success" }));
                }}
                {...paymentFailureToasts("Payment confirmation error.")}
              />
              <Text fontSize="xs" color="fg.muted" display="flex" alignItems="center" gap="1.5">
                <Lock size={12} aria-hidden /> Card details go straight to our payment provider.
              </Text>
            </Stack>
          ) : (
            <LoadingSpinner
              label={paid ? "Payment received. Redirecting..." : "Loading payment information..."}
              py="10"
              showLabel
            />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
