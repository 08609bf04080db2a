import type { CurrentUser } from "@portal/core/contracts/users";
import { describe, expect, it } from "vitest";
import { bannersFor } from "./banner-rules";

const base: CurrentUser = {
  id: "user_1",
  email: "a@example.com",
  firstName: "Ada",
  lastName: null,
  imageUrl: null,
  profileImageUrl: null,
  stripeCustomerId: "cus_1",
  stripeSubscriptionId: "sub_1",
  subscriptionPlan: "starter",
  subscriptionActive: true,
  hasCompletedQuestionnaire: true,
  gaTrackingId: null,
  createdAt: "2026-03-01T00:00:00.000Z",
  emailNotifications: true,
  marketingEmails: false,
  monthlyReport: true,
  sitesDeleteAfter: null,
  subscriptionEndedFor: null,
};

describe("bannersFor", () => {
  it("a paying customer who completed the questionnaire: only the green line", () => {
    expect(bannersFor(base)).toEqual({
      sitesSuspended: false,
      paymentIssue: false,
      activating: false,
      questionnairePrompt: false,
      questionnaireComplete: true,
    });
  });

  it("a subscription the customer cancelled, ended: the sites-offline notice instead of Payment Issue", () => {
    const ended = {
      ...base,
      subscriptionActive: false,
      sitesDeleteAfter: "2026-03-08T10:00:00.000Z",
      subscriptionEndedFor: "cancelled" as const,
    };
    expect(bannersFor(ended)).toMatchObject({ sitesSuspended: true, paymentIssue: false });
    // Subscribed again (the record is restored a moment later): no notice.
    expect(bannersFor({ ...ended, subscriptionActive: true }).sitesSuspended).toBe(false);
  });

  it("a subscription Stripe ended over an unpaid invoice: Payment Issue beside the offline notice", () => {
    const ended = {
      ...base,
      subscriptionActive: false,
      sitesDeleteAfter: "2026-03-08T10:00:00.000Z",
      subscriptionEndedFor: "unpaid" as const,
    };
    expect(bannersFor(ended)).toMatchObject({ sitesSuspended: true, paymentIssue: true });
    expect(bannersFor({ ...ended, subscriptionActive: true })).toMatchObject({
      sitesSuspended: false,
      paymentIssue: false,
    });
  });

  it("Payment Issue: a payment customer without an active subscription", () => {
    expect(bannersFor({ ...base, subscriptionActive: false }).paymentIssue).toBe(true);
    expect(
      bannersFor({ ...base, subscriptionActive: false, stripeCustomerId: null }).paymentIssue,
    ).toBe(false);
  });

  it("Activating: a payment customer with no plan stored yet, beside Payment Issue when inactive", () => {
    const state = bannersFor({ ...base, subscriptionPlan: null, subscriptionActive: false });
    expect(state.activating).toBe(true);
    expect(state.paymentIssue).toBe(true);
    expect(bannersFor({ ...base, subscriptionPlan: null }).paymentIssue).toBe(false);
    expect(bannersFor({ ...base, subscriptionPlan: null, stripeCustomerId: null }).activating).toBe(
      false,
    );
  });

  it("the questionnaire prompt: subscription id and plan, questionnaire not completed", () => {
    const state = bannersFor({ ...base, hasCompletedQuestionnaire: false });
    expect(state.questionnairePrompt).toBe(true);
    expect(state.questionnaireComplete).toBe(false);
    expect(
      bannersFor({ ...base, hasCompletedQuestionnaire: false, stripeSubscriptionId: null })
        .questionnairePrompt,
    ).toBe(false);
    expect(
      bannersFor({ ...base, hasCompletedQuestionnaire: false, subscriptionPlan: null })
        .questionnairePrompt,
    ).toBe(false);
  });

  it("the green 'Questionnaire Complete!' shows whenever the prompt does not", () => {
    for (const user of [
      base,
      { ...base, hasCompletedQuestionnaire: false, stripeSubscriptionId: null },
      { ...base, hasCompletedQuestionnaire: false, subscriptionPlan: null },
      { ...base, subscriptionActive: false },
    ]) {
      const state = bannersFor(user);
      expect(state.questionnairePrompt).toBe(false);
      expect(state.questionnaireComplete).toBe(true);
    }
  });
});
