/**
 * POST /api/create-subscription (docs/billing.md, "Paying by card"): start a Stripe subscription
 * for a plan.
 */
import { apiJson } from "../api/client";

export interface CreateSubscriptionResult {
  paymentUrl?: string | null;
  status?: string;
  message?: string;
}

export function createSubscription(planName: string): Promise<CreateSubscriptionResult> {
  return apiJson<CreateSubscriptionResult>("POST", "/api/create-subscription", { planName });
}

/** What the page does with the answer: go to payment, or to the dashboard if already active. */
export type SubscriptionNext = { kind: "pay"; url: string } | { kind: "active"; message?: string };

export function nextStep(result: CreateSubscriptionResult): SubscriptionNext {
  if (result.paymentUrl) return { kind: "pay", url: result.paymentUrl };
  if (result.status === "active") return { kind: "active", message: result.message };
  throw new Error("No payment URL received from server");
}
