/** How many websites a plan includes (docs/pricing.md; docs/decisions.md, "Website allowance"). */
import { plans } from "../contracts/plans";
import type { PlanId } from "../contracts/users";

const ALLOWANCE: Record<PlanId, number> = {
  starter: 1,
  pro: 3,
  enterprise: Number.POSITIVE_INFINITY,
};

/**
 * Sites a customer on `plan` may have. No plan yet counts as Starter: the questionnaire opens
 * right after payment (?payment=success), possibly before the payment webhook has stored the
 * plan, and every paying customer gets at least one site.
 */
export function siteAllowance(plan: PlanId | null | undefined): number {
  return plan ? ALLOWANCE[plan] : ALLOWANCE.starter;
}

/** The message a customer sees when a new site would exceed their plan. */
export function allowanceMessage(plan: PlanId | null | undefined): string {
  const allowance = siteAllowance(plan);
  const websites = allowance === 1 ? "1 website" : `${allowance} websites`;
  const name = plans.find((p) => p.id === plan)?.pricingName;
  const label = name ? `Your ${name} plan` : "Your plan";
  return `${label} includes ${websites}. Upgrade your plan to request another website.`;
}
