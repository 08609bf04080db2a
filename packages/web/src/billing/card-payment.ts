/**
 * The one interface of the card form (docs/billing.md, "Paying by card"). Two
 * implementations sit behind it: Stripe Elements when a publishable key is built in, and the
 * local Stripe emulator's confirmation endpoint otherwise. Callers never know which runs.
 */

export interface CardPaymentFormProps {
  /** The PaymentIntent's client secret the server handed out. */
  clientSecret: string;
  /** The button text while idle; it reads 'Processing...' while confirming. */
  submitLabel: string;
  /** Where Stripe sends the browser back after a redirect-based confirmation (if required). */
  returnUrl: string;
  /** The payment went through. */
  onSucceeded(): void;
  /** The provider refused the payment; `message` is the provider's own text when it gave one. */
  onFailed(message: string): void;
  /** Something other than a refusal went wrong (network, script failed to load…). */
  onUnexpected(error: unknown): void;
}

/** Set at build time for real Stripe; unset in the local stack, where the emulator answers. */
export const stripePublishableKey: string | undefined =
  import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY || undefined;

/** The emulator's browser endpoints, served on the local stack's own origin. */
export const EMULATOR_BROWSER_PREFIX = "/__stripe";

/** The texts for a refused payment (docs/billing.md, "Paying by card"). */
export const PAYMENT_FAILED_FALLBACK = "Payment failed. Please try again.";
