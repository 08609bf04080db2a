/** How many websites a plan includes (docs/pricing.md; docs/decisions.md, "Website allowance"). */
import { planById, STARTER_PLAN, websitesIncluded } from "../contracts/plans";
import type { PlanId } from "../contracts/users";

/**
 * Sites a customer on `plan` may have. No plan yet counts as Starter: the questionnaire opens
 * right after payment (?payment=success), possibly before the payment webhook has stored the
 * plan, and every paying customer gets at least one site.
 */
export function siteAllowance(plan: PlanId | null | undefined): number {
  return (planById(plan) ?? STARTER_PLAN).websites;
}

/** The message a customer sees when a new site would exceed their plan. */
export function allowanceMessage(plan: PlanId | null | undefined): string {
  const websites = websitesIncluded({ websites: siteAllowance(plan) }).toLowerCase();
  const name = planById(plan)?.pricingName;
  const label = name ? `Your ${name} plan` : "Your plan";
  return `${label} includes ${websites}. Upgrade your plan to request another website.`;
}
