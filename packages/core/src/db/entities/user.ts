/**
 * users (docs/data.md). The key is the identity provider's `sub`; the record joins the
 * customer collection, so it is read together with the customer's sites, tickets and so on.
 */
import type { EntityItem } from "electrodb";
import { PLANS, SUBSCRIPTION_ENDINGS } from "../../users/enums";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  ownerIndex,
  updatedAt,
} from "./common";

export { PLANS, type Plan } from "../../users/enums";

export const User = lazyEntity({
  model: model("user"),
  attributes: {
    /** The identity provider's `sub` (Clerk: `user_…`). */
    userId: { type: "string", required: true, readOnly: true },
    id: idFrom("userId"),
    /** Unique across users: see emailClaim, which holds the lower-cased address. */
    email: { type: "string", required: true },
    firstName: { type: "string" },
    lastName: { type: "string" },
    profileImageUrl: { type: "string" },
    subscriptionPlan: { type: PLANS },
    /** Customer id at the card payment provider (Stripe `cus_…`). */
    stripeCustomerId: { type: "string" },
    /** Subscription id at the card payment provider (Stripe `sub_…`). */
    stripeSubscriptionId: { type: "string" },
    /** Whether the plan is paid up: what the access gate reads. */
    subscriptionActive: { type: "boolean", required: true, default: false },
    /** Stripe's subscription status as last seen (active, past_due, incomplete, canceled…). */
    subscriptionStatus: { type: "string" },
    gaTrackingId: { type: "string" },
    hasCompletedQuestionnaire: { type: "boolean", required: true, default: false },
    isActive: { type: "boolean", required: true, default: true },
    emailNotifications: { type: "boolean", required: true, default: true },
    marketingEmails: { type: "boolean", required: true, default: false },
    /** The monthly care report mail (docs/reports.md); on unless the customer turns it off. */
    monthlyReport: { type: "boolean", required: true, default: true },
    timezone: { type: "string", required: true, default: "UTC" },
    language: { type: "string", required: true, default: "en" },
    theme: { type: "string", required: true, default: "light" },
    /**
     * Set while the customer's sites are suspended because their subscription ended, until
     * they subscribe again or the sites are deleted (docs/billing.md "When a subscription ends").
     */
    sitesSuspendedAt: { type: "string" },
    /** When the suspended sites will be deleted; mirrored by a siteDeletion item. */
    sitesDeleteAfter: { type: "string" },
    /**
     * How the subscription that took the sites offline ended: cancelled by the customer, or
     * cancelled by Stripe after the last retry of an unpaid invoice (a payment issue).
     */
    subscriptionEndedFor: { type: SUBSCRIPTION_ENDINGS },
    /** When the sites were deleted for an ended subscription (the last time, if more than once). */
    sitesDeletedAt: { type: "string" },
    /**
     * Set when SES reported a permanent bounce or a complaint for the address: no more mail
     * goes to it (docs/notifications.md, "Bounces and complaints"); staff see why.
     */
    mailSuppressedReason: { type: ["bounce", "complaint"] as const },
    mailSuppressedAt: { type: "string" },
    /** SES's own words: the bounce's diagnostic, or the complaint's feedback type. */
    mailSuppressedDetail: { type: "string" },
    /**
     * The identity provider's organization of this account, made when its first invited person
     * joined (docs/team.md): the session names the account by making it the active one.
     */
    organizationId: { type: "string" },
    /**
     * Set when the account's last owner disappeared (deleted their identity) while it still has
     * data, or members: staff see the account flagged in the console (docs/team.md, "When the
     * last owner goes"). Nobody is left who may manage it.
     */
    ownerlessSince: { type: "string" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: ownerIndex([]),
    /**
     * The staff's customer search: every user by lower-cased email address, so the start of
     * an address is a key condition (names are matched by a filter on the same Query).
     */
    byEmail: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: [], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: ["email"], casing: "lower" },
    },
    /** Stripe customer → user (webhooks). Sparse: users without a Stripe customer are not in it. */
    byStripeCustomer: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["stripeCustomerId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type UserItem = EntityItem<EntityOf<typeof User>>;
