/**
 * POST /api/create-subscription (docs/billing.md, "Paying by card"): start a Stripe subscription
 * for a plan.
 */
import type { CreateSubscriptionResponse } from "@portal/core/contracts/billing";
import { call } from "../api/call";

export function createSubscription(planName: string): Promise<CreateSubscriptionResponse> {
  return call("POST /api/create-subscription", { body: { planName } });
}

/** What the page does with the answer: go to payment, or to the dashboard if already active. */
export type SubscriptionNext = { kind: "pay"; url: string } | { kind: "active"; message?: string };

export function nextStep(result: Partial<CreateSubscriptionResponse>): SubscriptionNext {
  if (result.paymentUrl) return { kind: "pay", url: result.paymentUrl };
  if (result.status === "active") return { kind: "active", message: result.message };
  throw new Error("No payment URL received from server");
}
