import { describe, expect, it } from "vitest";
import { EntitlementRequiredError } from "../errors";
import { type EntitledUser, hasValidPlan, missingFor, requireEntitlement } from "./entitlements";

const neverPaid: EntitledUser = { subscriptionPlan: null, subscriptionActive: false };
const placeholderPlan: EntitledUser = {
  subscriptionPlan: "nosubscription",
  subscriptionActive: false,
};
const lapsed: EntitledUser = {
  subscriptionPlan: "pro",
  subscriptionActive: false,
  hasCompletedQuestionnaire: true,
};
const onboarding: EntitledUser = {
  subscriptionPlan: "starter",
  subscriptionActive: true,
  hasCompletedQuestionnaire: false,
};
const customer: EntitledUser = { ...onboarding, hasCompletedQuestionnaire: true };

describe("what each kind of user lacks for each level", () => {
  it.each([
    // [user, signedIn, validPlan, activeSubscription, onboarded]
    ["no record yet", undefined, undefined, "plan_required", "plan_required", "plan_required"],
    ["never paid", neverPaid, undefined, "plan_required", "plan_required", "plan_required"],
    [
      "the placeholder plan",
      placeholderPlan,
      undefined,
      "plan_required",
      "plan_required",
      "plan_required",
    ],
    ["lapsed", lapsed, undefined, undefined, "subscription_required", "subscription_required"],
    [
      "paid, no questionnaire",
      onboarding,
      undefined,
      undefined,
      undefined,
      "questionnaire_required",
    ],
    ["paid and onboarded", customer, undefined, undefined, undefined, undefined],
  ] as const)("%s", (_, user, signedIn, validPlan, active, onboarded) => {
    expect(missingFor(user, "signedIn")).toBe(signedIn);
    expect(missingFor(user, "validPlan")).toBe(validPlan);
    expect(missingFor(user, "activeSubscription")).toBe(active);
    expect(missingFor(user, "onboarded")).toBe(onboarded);
  });
});

describe("requireEntitlement", () => {
  it("throws a 403 whose code names what is missing", () => {
    try {
      requireEntitlement(lapsed, "activeSubscription");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EntitlementRequiredError);
      expect(error).toMatchObject({ status: 403, code: "subscription_required" });
    }
  });

  it("passes a user who has it", () => {
    expect(() => requireEntitlement(customer, "onboarded")).not.toThrow();
  });
});

describe("hasValidPlan", () => {
  it("is a stored plan other than the placeholder 'nosubscription'", () => {
    expect(hasValidPlan({ subscriptionPlan: "pro" })).toBe(true);
    expect(hasValidPlan({ subscriptionPlan: null })).toBe(false);
    expect(hasValidPlan({ subscriptionPlan: "nosubscription" })).toBe(false);
    expect(hasValidPlan({})).toBe(false);
  });
});
