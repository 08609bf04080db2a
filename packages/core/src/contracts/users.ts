import { ROLES } from "../access/roles";
import { PLANS, SUBSCRIPTION_ENDINGS } from "../users/enums";
import * as z from "./zod";

/** Plans as stored. The server also accepts the display names (see contracts/plans.ts). */
export const planIdSchema = z.enum(PLANS);
export type PlanId = z.infer<typeof planIdSchema>;

/** GET /api/auth/user: the current user as the portal reads it (docs/data.md, "users"). */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  stripeCustomerId: z.nullable(z.string()),
  stripeSubscriptionId: z.nullable(z.string()),
  subscriptionPlan: z.nullable(planIdSchema),
  subscriptionActive: z.boolean(),
  hasCompletedQuestionnaire: z.boolean(),
  gaTrackingId: z.nullable(z.string()),
  createdAt: z.string(),
  /** Mails about sites and tickets (docs/notifications.md); billing mails go regardless. */
  emailNotifications: z.boolean(),
  /** Offers and news. */
  marketingEmails: z.boolean(),
  /** The monthly care report mail (docs/reports.md). */
  monthlyReport: z.boolean(),
  /**
   * Set once the subscription has ended: when the suspended sites will be deleted unless the
   * customer subscribes again (ISO). Null otherwise (docs/billing.md "When a subscription ends").
   */
  sitesDeleteAfter: z.nullable(z.string()),
  /**
   * While the sites are offline: how the subscription ended, "unpaid" when Stripe cancelled it
   * after the last retry of an unpaid invoice, "cancelled" when the customer did. Null otherwise.
   */
  subscriptionEndedFor: z.nullable(z.enum(SUBSCRIPTION_ENDINGS)),
  /** A member of the provider's team (docs/access.md): the console is theirs. */
  isStaff: z.optional(z.boolean()),
  /**
   * The account the session acts in (docs/team.md) and the caller's role in it. The plan,
   * subscription, questionnaire and sites fields above are that ACCOUNT's; the name, address and
   * mail settings the person's own.
   */
  accountId: z.optional(z.string()),
  role: z.optional(z.enum(ROLES)),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PATCH /api/auth/user/preferences: either toggle, or both. */
export const emailPreferencesUpdateSchema = z
  .partial(
    z.strictObject({
      emailNotifications: z.boolean(),
      marketingEmails: z.boolean(),
      monthlyReport: z.boolean(),
    }),
  )
  .check(
    z.refine(
      (v) =>
        v.emailNotifications !== undefined ||
        v.marketingEmails !== undefined ||
        v.monthlyReport !== undefined,
      { error: "Send emailNotifications, marketingEmails, monthlyReport or several" },
    ),
  );
export type EmailPreferencesUpdate = z.infer<typeof emailPreferencesUpdateSchema>;

/** GET and POST /api/notifications/unsubscribe?token=…: a mail's signed unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z._default(z.string().check(z.maxLength(1000)), ""),
});

/** Every error the API answers has this body. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    requestId: z.optional(z.string()),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
