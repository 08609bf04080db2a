/** The card form callers use; which implementation runs is build configuration (card-payment.ts). */
import { Center, Spinner } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { type CardPaymentFormProps, stripePublishableKey } from "./card-payment";
import { EmulatorCardForm } from "./emulator-card-form";

// Stripe's libraries are only downloaded by builds that use them.
const StripeCardForm = lazy(() =>
  import("./stripe-card-form").then((m) => ({ default: m.StripeCardForm })),
);

export function CardPaymentForm(props: CardPaymentFormProps) {
  if (!stripePublishableKey) return <EmulatorCardForm {...props} />;
  return (
    <Suspense
      fallback={
        <Center py="6">
          <Spinner />
        </Center>
      }
    >
      <StripeCardForm {...props} publishableKey={stripePublishableKey} />
    </Suspense>
  );
}
