/**
 * Domain events: what happened to a customer's account, emitted where it happens and carried
 * on the Events queue to the notifications consumer (docs/notifications.md). Every event names
 * the customer it concerns and has an id that stays the same across redeliveries.
 */
import { reportHeadlineSchema, reportLevelSchema } from "./reports";
import * as z from "./zod";

const base = {
  /** Unique per occurrence; the consumer sends at most one mail per id. */
  eventId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The customer the event concerns (the identity provider's id). */
  userId: z.string().check(z.minLength(1)),
  /**
   * The member of the account whose action it is (docs/team.md, "Who did it"); absent where
   * the team or the system acted.
   */
  actorId: z.optional(z.string()),
  occurredAt: z.string(),
};

const siteStatus = z.string();

export const domainEventSchema = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("site.status_changed"),
    siteId: z.string(),
    siteName: z.string(),
    from: siteStatus,
    to: siteStatus,
  }),
  z.object({
    ...base,
    type: z.literal("site.live"),
    siteId: z.string(),
    siteName: z.string(),
    liveUrl: z.string(),
    /**
     * Set when the team took the site live without the customer's approval of the current
     * review round: their written reason, which the customer is told (docs/sites.md).
     */
    approvalOverride: z.optional(z.string()),
  }),
  z.object({
    ...base,
    type: z.literal("ticket.staff_replied"),
    ticketId: z.string(),
    subject: z.string(),
    message: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal("ticket.status_changed"),
    ticketId: z.string(),
    subject: z.string(),
    from: z.string(),
    to: z.string(),
  }),
  z.object({ ...base, type: z.literal("subscription.activated"), plan: z.string() }),
  z.object({
    ...base,
    type: z.literal("payment.failed"),
    /** In the currency's smallest unit, as Stripe counts it. */
    amountDue: z.number().check(z.int()),
    currency: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal("subscription.ending"),
    plan: z.string(),
    /** When the subscription ends (ISO); the customer keeps everything until then. */
    endsAt: z.string(),
    /** Days the sites are kept, offline, after the end before they are deleted. */
    gracePeriodDays: z.optional(z.number().check(z.int())),
  }),
  // The end of a subscription (docs/billing.md "When a subscription ends").
  z.object({
    ...base,
    type: z.literal("subscription.ended"),
    /** Sites now offline; 0 for a customer without any. */
    siteCount: z.number().check(z.int()),
    /** When they will be deleted unless the customer subscribes again (ISO). */
    deleteAfter: z.string(),
  }),
  z.object({ ...base, type: z.literal("sites.restored"), siteCount: z.number().check(z.int()) }),
  z.object({ ...base, type: z.literal("sites.deleted"), siteNames: z.array(z.string()) }),
  // Uptime monitoring (docs/monitoring.md): once per incident, once per certificate.
  z.object({
    ...base,
    type: z.literal("site.down"),
    siteId: z.string(),
    siteName: z.string(),
    url: z.string(),
    startedAt: z.string(),
    reason: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal("site.recovered"),
    siteId: z.string(),
    siteName: z.string(),
    url: z.string(),
    startedAt: z.string(),
    endedAt: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal("site.certificate_expiring"),
    siteId: z.string(),
    siteName: z.string(),
    url: z.string(),
    expiresAt: z.string(),
    daysLeft: z.number().check(z.int()),
  }),
  z.object({
    ...base,
    type: z.literal("domain.verified"),
    siteId: z.string(),
    siteName: z.string(),
    domain: z.string(),
  }),
  // An SEO analysis or Lighthouse run finished (no mail: the page shows it; webhooks carry it).
  z.object({
    ...base,
    type: z.literal("audit.completed"),
    kind: z.enum(["seo", "lighthouse"]),
    jobId: z.string(),
    url: z.string(),
    siteId: z.nullable(z.string()),
    /** The SEO score, or Lighthouse's performance score, 0-100. */
    score: z.nullable(z.number()),
  }),
  // The portal turned a customer's webhook endpoint off after a run of failed deliveries
  // (docs/developer-api.md).
  z.object({
    ...base,
    type: z.literal("webhook.disabled"),
    webhookId: z.string(),
    url: z.string(),
    failureCount: z.number().check(z.int()),
    lastFailure: z.string(),
  }),
  // The customer's data export is built (docs/privacy.md). The link is a presigned GET that
  // works for an hour; /settings hands out fresh ones while the file is kept.
  z.object({
    ...base,
    type: z.literal("account.export_ready"),
    downloadUrl: z.string(),
    availableUntil: z.string(),
  }),
  // Review and approval of the draft (docs/sites.md, "Review and approval"): the team posted a
  // version, the customer approved it or sent back a list of changes.
  z.object({
    ...base,
    type: z.literal("site.review_requested"),
    siteId: z.string(),
    siteName: z.string(),
    round: z.number().check(z.int()),
    previewUrl: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal("site.approved"),
    siteId: z.string(),
    siteName: z.string(),
    round: z.number().check(z.int()),
  }),
  z.object({
    ...base,
    type: z.literal("site.changes_requested"),
    siteId: z.string(),
    siteName: z.string(),
    round: z.number().check(z.int()),
    /** The requested changes' texts, in the customer's order. */
    changes: z.array(z.string()),
  }),
  // The monthly care report of one site (docs/reports.md): once per site and month.
  z.object({
    ...base,
    type: z.literal("report.monthly"),
    siteId: z.string(),
    siteName: z.string(),
    month: z.string(),
    level: reportLevelSchema,
    headline: reportHeadlineSchema,
    /** The staff's personal note, if they added one before it went out. */
    note: z.nullable(z.string()),
  }),
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent["type"];

/** What a producer passes: the id and time may be left for emit() to fill in. */
export type NewDomainEvent = DomainEvent extends infer E
  ? E extends DomainEvent
    ? Omit<E, "eventId" | "occurredAt"> & { eventId?: string; occurredAt?: string }
    : never
  : never;
