/**
 * What a caller must have to use a route, and what a stored user has (docs/access.md).
 *
 * The levels build on each other: an active subscription implies a valid plan, and "onboarded"
 * is an active subscription plus a completed questionnaire. The server enforces them from the
 * stored user on every request; the SPA's gate only mirrors them for navigation.
 */
import { EntitlementRequiredError } from "../errors";

export const ENTITLEMENTS = [
  /** Anyone, signed in or not: the tracking script and page views from customers' sites. */
  "public",
  /** A verified session: the user record itself and every billing route, so anyone can pay. */
  "signedIn",
  /** A plan on record, paid up or not: what a lapsed customer keeps (reads, support). */
  "validPlan",
  /** A paid-up subscription: the questionnaire and purchases. */
  "activeSubscription",
  /** A paid-up subscription and a completed questionnaire: the site tools. */
  "onboarded",
  /** A member of the provider's team (the identity provider says so). */
  "staff",
] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** The stored fields the rules read. */
export interface EntitledUser {
  subscriptionPlan?: string | null;
  subscriptionActive?: boolean | null;
  hasCompletedQuestionnaire?: boolean | null;
}

/** The error code a refusal carries, which the SPA turns into the page the gate shows. */
export const MISSING_CODES = {
  validPlan: "plan_required",
  activeSubscription: "subscription_required",
  onboarded: "questionnaire_required",
} as const;
export type MissingCode = (typeof MISSING_CODES)[keyof typeof MISSING_CODES];

const MESSAGES: Record<MissingCode, string> = {
  plan_required: "Choose a plan to use this feature.",
  subscription_required: "An active subscription is required. Please update your billing.",
  questionnaire_required: "Complete the website questionnaire first.",
};

/** A plan is valid when present and not the placeholder 'nosubscription'. */
export function hasValidPlan(user: EntitledUser): boolean {
  return !!user.subscriptionPlan && user.subscriptionPlan !== "nosubscription";
}

/**
 * What `user` lacks for a customer route that needs `need`, or undefined when nothing is
 * missing. No record at all (never synced) has nothing.
 */
export function missingFor(
  user: EntitledUser | null | undefined,
  need: "signedIn" | "validPlan" | "activeSubscription" | "onboarded",
): MissingCode | undefined {
  if (need === "signedIn") return undefined;
  const active = !!user?.subscriptionActive;
  if (need === "validPlan") {
    return active || (user && hasValidPlan(user)) ? undefined : MISSING_CODES.validPlan;
  }
  if (!active) {
    // Without a plan at all, choosing one is the way on (the sales page), not the billing page.
    return user && hasValidPlan(user) ? MISSING_CODES.activeSubscription : MISSING_CODES.validPlan;
  }
  if (need === "onboarded" && !user?.hasCompletedQuestionnaire) {
    return MISSING_CODES.onboarded;
  }
  return undefined;
}

/** Throws the 403 that names what is missing; core calls it where money is involved. */
export function requireEntitlement(
  user: EntitledUser | null | undefined,
  need: "signedIn" | "validPlan" | "activeSubscription" | "onboarded",
): void {
  const missing = missingFor(user, need);
  if (missing) throw new EntitlementRequiredError(missing, MESSAGES[missing]);
}
