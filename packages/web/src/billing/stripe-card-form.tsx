/**
 * The card form against real Stripe: Elements' Payment Element, confirmed with the client
 * secret and our own origin as the return address, redirecting only when the card requires it.
 */
import { Button, Stack } from "@chakra-ui/react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { type CardPaymentFormProps, PAYMENT_FAILED_FALLBACK } from "./card-payment";

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe.js loads once, from Stripe's host, the first time a card form shows. */
function stripeFor(publishableKey: string) {
  stripePromise ??= loadStripe(publishableKey);
  return stripePromise;
}

export function StripeCardForm(props: CardPaymentFormProps & { publishableKey: string }) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.clientSecret }}
    >
      <ConfirmForm {...props} />
    </Elements>
  );
}

function ConfirmForm(props: CardPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: props.returnUrl },
        redirect: "if_required",
      });
      if (result.error) props.onFailed(result.error.message || PAYMENT_FAILED_FALLBACK);
      else if (
        result.paymentIntent.status === "succeeded" ||
        result.paymentIntent.status === "processing"
      )
        props.onSucceeded();
      else props.onFailed(PAYMENT_FAILED_FALLBACK);
    } catch (error) {
      props.onUnexpected(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="4">
        <PaymentElement />
        <Button type="submit" colorPalette="brand" disabled={!stripe || busy} w="full">
          {busy ? "Processing..." : props.submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
