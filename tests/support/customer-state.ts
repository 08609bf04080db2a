/**
 * Customers in a given plan state, for suites that test what a paying customer does rather
 * than how they paid (billing.test.ts and payments.test.ts pay through the Stripe emulator).
 * The state is written through core, as the Stripe webhook and the questionnaire would.
 *
 * Core is imported when a customer is made, not when this module loads: the test file must
 * have pointed process.env at its stack first (useStackEnv, or its own local stack).
 */
type UserEntity = typeof import("@portal/core/db/service").db.entities.user;
/** The user fields a test may set through core (plan, questionnaire, Stripe ids…). */
export type CustomerState = Parameters<ReturnType<UserEntity["patch"]>["set"]>[0];

/** What most signed-in pages need: an active Pro plan and a completed questionnaire. */
export const READY_CUSTOMER: CustomerState = {
  subscriptionActive: true,
  subscriptionPlan: "pro",
  hasCompletedQuestionnaire: true,
};

/** A renewal failed: the plan is on record, the subscription no longer active. */
export const LAPSED_CUSTOMER: CustomerState = {
  subscriptionActive: false,
  subscriptionPlan: "pro",
  hasCompletedQuestionnaire: true,
};

/** Paid, questionnaire not yet answered. */
export const ONBOARDING_CUSTOMER: CustomerState = {
  subscriptionActive: true,
  subscriptionPlan: "starter",
  hasCompletedQuestionnaire: false,
};

/** Writes a plan state onto an existing user record. */
export async function setCustomerState(userId: string, state: CustomerState): Promise<void> {
  const { db } = await import("@portal/core/db/service");
  await db.entities.user.patch({ userId }).set(state).go();
}

type SiteEntity = typeof import("@portal/core/db/service").db.entities.site;
/** The site fields a test may set besides the owner (url, liveUrl, status, name…). */
export type SiteFields = Partial<Parameters<SiteEntity["create"]>[0]>;

/**
 * A site of the user's, written through core as the team's console would: live and named
 * "Corner Bakery" unless `fields` say otherwise. Answers its id.
 */
export async function addSite(userId: string, fields: SiteFields = {}): Promise<string> {
  const { db } = await import("@portal/core/db/service");
  const { data } = await db.entities.site
    .create({ userId, name: "Corner Bakery", status: "live", ...fields })
    .go();
  return data.siteId;
}
