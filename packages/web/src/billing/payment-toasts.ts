/**
 * What the card form's two failure callbacks show, the same wherever a card is charged
 * (docs/billing.md, "Paying by card"): the provider's refusal, else an unexpected error. `logLabel`
 * names the place in the console so a failure can be traced to the page it came from.
 */
import { toast } from "../ui/toaster";
import { type CardPaymentFormProps, PAYMENT_FAILED_FALLBACK } from "./card-payment";

export function paymentFailureToasts(
  logLabel: string,
): Pick<CardPaymentFormProps, "onFailed" | "onUnexpected"> {
  return {
    onFailed: (message) =>
      toast({
        title: "Payment Failed",
        description: message || PAYMENT_FAILED_FALLBACK,
        variant: "destructive",
      }),
    onUnexpected: (error) => {
      console.log(logLabel, error);
      toast({
        title: "Payment Error",
        description: "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    },
  };
}
