/**
 * The local Stripe emulator's confirmation endpoint: what Stripe.js does against Stripe's API
 * with a publishable key, done against the emulator with the PaymentIntent's client secret.
 * Card numbers never reach our API; they go to the emulator, as they would go to Stripe.
 */
import { EMULATOR_BROWSER_PREFIX } from "./card-payment";

export interface EmulatorCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface EmulatorConfirmResult {
  status: string;
  error?: { message: string; code?: string; decline_code?: string };
}

/** The PaymentIntent id is the client secret's part before "_secret_". */
export function paymentIntentIdFromSecret(clientSecret: string): string {
  const index = clientSecret.indexOf("_secret_");
  if (index <= 0) throw new Error("Not a PaymentIntent client secret");
  return clientSecret.slice(0, index);
}

async function post(path: string, body: unknown): Promise<EmulatorConfirmResult> {
  const res = await fetch(`${EMULATOR_BROWSER_PREFIX}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as EmulatorConfirmResult | null;
  if (answer && typeof answer.status === "string") return answer;
  if (answer?.error) return { status: "requires_payment_method", error: answer.error };
  throw new Error(`${res.status}: ${res.statusText}`);
}

export function confirmCardPayment(clientSecret: string, card: EmulatorCard) {
  const id = paymentIntentIdFromSecret(clientSecret);
  return post(`/js/payment_intents/${encodeURIComponent(id)}/confirm`, { clientSecret, card });
}

/** The extra confirmation step (3-D Secure in real Stripe): the customer approves or not. */
export function authenticateCardPayment(clientSecret: string, approve: boolean) {
  const id = paymentIntentIdFromSecret(clientSecret);
  return post(`/js/payment_intents/${encodeURIComponent(id)}/authenticate`, {
    clientSecret,
    approve,
  });
}
