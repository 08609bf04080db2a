/**
 * The provider console's API (/api/staff/..., docs/console.md): what the team's pages send and
 * read. Only staff routes answer these shapes; they carry what customers never see (internal
 * messages and notes, assignees, other customers).
 *
 * Imported by the console's pages too, so it depends on zod and other contracts only.
 */
import { UPSELL_WORK_STATUSES, type UpsellWorkStatus } from "../billing/enums";
import { MAILED_EVENT_STATES } from "../notifications/enums";
import { SITE_STATUSES } from "../sites/enums";
import { AUDIT_ACTOR_TYPES, STAFF_TARGET_TYPES } from "../staff/enums";
import { memberRefSchema } from "./attribution";
import { attachmentIdsSchema } from "./content";
import { activitySchema } from "./dashboard";
import { siteUptimeSchema } from "./monitoring";
import { questionnaireSchema } from "./questionnaires";
import { approvalOverrideSchema } from "./review";
import { siteSchema } from "./sites";
import { teamInvitationSchema, teamMemberSchema } from "./team";
import { text } from "./text";
import {
  TICKET_MESSAGE_MAX,
  ticketCategorySchema,
  ticketMessageSchema,
  ticketPrioritySchema,
  ticketSchema,
  ticketStatusSchema,
} from "./tickets";
import { planIdSchema } from "./users";
import * as z from "./zod";

/** One page of a cross-customer list and the cursor of the next (null on the last page). */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), cursor: z.nullable(z.string()) });

export const cursorQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});

/** The customer a staff list row belongs to. */
export const staffCustomerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  subscriptionPlan: z.nullable(planIdSchema),
  subscriptionActive: z.boolean(),
  /** Stripe's status as last seen (active, past_due, canceled…), null before any payment. */
  subscriptionStatus: z.nullable(z.string()),
  hasCompletedQuestionnaire: z.boolean(),
  createdAt: z.string(),
  /**
   * When the account's last owner left (deleted their identity): nobody may manage it, and the
   * team should step in (docs/team.md, "When the last owner goes"). Null while it has an owner.
   */
  ownerlessSince: z.nullable(z.string()),
});
export type StaffCustomerSummary = z.infer<typeof staffCustomerSummarySchema>;

// ------------------------------------------------------------------ requests

/** A submitted questionnaire: every answer, the customer, and the site it requested. */
export const staffRequestSchema = z.object({
  questionnaire: questionnaireSchema,
  customer: z.nullable(staffCustomerSummarySchema),
  site: z.nullable(z.object({ id: z.string(), name: z.string(), status: z.enum(SITE_STATUSES) })),
});
export type StaffRequest = z.infer<typeof staffRequestSchema>;
export const staffRequestsPageSchema = pageOf(staffRequestSchema);

// ------------------------------------------------------------------ customers

export const staffCustomerSearchSchema = z.extend(cursorQuerySchema, {
  /** The start of an email address, or of a first or last name; empty lists everyone. */
  q: z.optional(text("Search").check(z.maxLength(200))),
});
export const staffCustomersPageSchema = pageOf(staffCustomerSummarySchema);

export const staffUpsellSchema = z.object({
  id: z.string(),
  userId: z.string(),
  siteId: z.nullable(z.string()),
  siteName: z.nullable(z.string()),
  title: z.string(),
  price: z.string(),
  isPurchased: z.boolean(),
  purchasedAt: z.nullable(z.string()),
  /** The team's progress on a bought upgrade. */
  workStatus: z.enum(UPSELL_WORK_STATUSES),
  customerEmail: z.nullable(z.string()),
});
export type StaffUpsell = z.infer<typeof staffUpsellSchema>;

/** A customer's page: everything the team needs in one read of their partition. */
export const staffCustomerSchema = z.object({
  customer: staffCustomerSummarySchema,
  questionnaire: z.nullable(questionnaireSchema),
  sites: z.array(siteSchema),
  tickets: z.array(z.lazy(() => staffTicketSchema)),
  activities: z.array(activitySchema),
  upsells: z.array(staffUpsellSchema),
  /** Set when SES reported a bounce or complaint: mail to the address is off, and why. */
  mailSuppression: z.nullable(
    z.object({ reason: z.enum(["bounce", "complaint"]), at: z.string(), detail: z.string() }),
  ),
  /** The account's people and its pending invitations (docs/console.md, "Team"). */
  team: z.object({
    members: z.array(z.omit(teamMemberSchema, { isYou: true })),
    /** Pending and not yet expired, newest first. */
    invitations: z.array(teamInvitationSchema),
  }),
  /** Uptime monitoring of the customer's live sites (docs/monitoring.md), by site id. */
  monitoring: z.array(
    z.pick(siteUptimeSchema, {
      siteId: true,
      lastCheck: true,
      openIncident: true,
      lastIncident: true,
      certificate: true,
    }),
  ),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const staffCustomerParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** Whom the console makes an ownerless account's owner (docs/console.md, "Team"). */
export const staffAppointOwnerSchema = z.strictObject({
  memberId: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const staffTeamMemberSchema = z.omit(teamMemberSchema, { isYou: true });
export type StaffTeamMember = z.infer<typeof staffTeamMemberSchema>;

// ------------------------------------------------------------------ site lifecycle

const optionalUrl = text("Address").check(
  z.maxLength(500),
  z.refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), {
    message: "Enter a full address starting with http:// or https://",
  }),
);

/** What the team may change on a site; an empty URL clears it. */
export const staffSiteUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(SITE_STATUSES)),
    url: z.optional(optionalUrl),
    liveUrl: z.optional(optionalUrl),
    /**
     * Going live without the customer's approval of the current review round needs the
     * team's written reason (docs/sites.md, "Review and approval").
     */
    approvalOverride: z.optional(approvalOverrideSchema),
  })
  .check(z.refine((update) => Object.keys(update).length > 0, { message: "Nothing to change" }));
export type StaffSiteUpdate = z.infer<typeof staffSiteUpdateSchema>;

export const staffSiteParamsSchema = z.extend(staffCustomerParamsSchema, {
  siteId: z.string().check(z.minLength(1), z.maxLength(100)),
});

/**
 * The answer to a lifecycle change: the fields it sets, as saved. Not the whole site view: the
 * console refetches the customer's page after every write, and the view's presigned screenshot
 * and DNS records would put S3 and the public-suffix list into the route's bundle
 * (docs/performance.md, "`bundles`").
 */
export const staffSiteLifecycleSchema = z.pick(siteSchema, {
  id: true,
  name: true,
  status: true,
  url: true,
  liveUrl: true,
  updatedAt: true,
});
export type StaffSiteLifecycle = z.infer<typeof staffSiteLifecycleSchema>;

// ------------------------------------------------------------------ tickets

export const staffTicketSchema = z.extend(ticketSchema, {
  userId: z.string(),
  assignedTo: z.nullable(z.string()),
  internalNotes: z.nullable(z.string()),
  /** Minutes from opening to the first staff reply. */
  responseTime: z.nullable(z.number()),
  /** Minutes from opening to resolved or closed. */
  resolutionTime: z.nullable(z.number()),
  /** The customer spoke last (or nobody has answered yet), and the ticket is not done. */
  waitingOnStaff: z.boolean(),
  customerEmail: z.nullable(z.string()),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

/**
 * A row of the inbox: without the member who opened it, which the ticket's page shows. The
 * inbox reads no customer records (the address is copied onto the ticket), and naming the
 * opener would read one per page (docs/team.md, "Who did it").
 */
export const staffInboxTicketSchema = z.omit(staffTicketSchema, { openedBy: true });
export type StaffInboxTicket = z.infer<typeof staffInboxTicketSchema>;

export const staffInboxQuerySchema = z.extend(cursorQuerySchema, {
  status: z._default(ticketStatusSchema, "open"),
  priority: z.optional(ticketPrioritySchema),
  category: z.optional(ticketCategorySchema),
  /** A staff user id, or "unassigned". */
  assignee: z.optional(z.string().check(z.maxLength(200))),
  waiting: z.optional(z.enum(["staff"])),
});
export type StaffInboxQuery = z.infer<typeof staffInboxQuerySchema>;

export const staffInboxSchema = z.extend(pageOf(staffInboxTicketSchema), {
  /**
   * Medians over the latest tickets of this status (minutes), null when there are none; read
   * with the first page only (null on the pages a cursor asks for).
   */
  medians: z.object({
    responseTime: z.nullable(z.number()),
    resolutionTime: z.nullable(z.number()),
  }),
});

export const staffTicketParamsSchema = z.extend(staffCustomerParamsSchema, {
  ticketId: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const staffTicketMessageSchema = z.extend(ticketMessageSchema, {
  /** Staff only: the customer never sees it. */
  isInternal: z.boolean(),
});
export const staffTicketThreadSchema = z.object({
  ticket: staffTicketSchema,
  messages: z.array(staffTicketMessageSchema),
});
export type StaffTicketThread = z.infer<typeof staffTicketThreadSchema>;

export const staffReplySchema = z.strictObject({
  message: text("Message", { multiline: true }).check(
    z.minLength(1, "Write a message"),
    z.maxLength(TICKET_MESSAGE_MAX, `At most ${TICKET_MESSAGE_MAX} characters`),
  ),
  /** An internal note on the thread instead of a reply the customer reads. */
  isInternal: z._default(z.boolean(), false),
  /** Ids of the customer's confirmed files, e.g. a proof staff uploaded to them. */
  attachments: attachmentIdsSchema,
});

export const staffTicketUpdateSchema = z
  .strictObject({
    status: z.optional(ticketStatusSchema),
    priority: z.optional(ticketPrioritySchema),
    /** A staff user id; null unassigns. */
    assignedTo: z.optional(z.nullable(text("Assignee").check(z.maxLength(200)))),
    internalNotes: z.optional(text("Internal notes", { multiline: true }).check(z.maxLength(5000))),
  })
  .check(z.refine((update) => Object.keys(update).length > 0, { message: "Nothing to change" }));
export type StaffTicketUpdate = z.infer<typeof staffTicketUpdateSchema>;

// ------------------------------------------------------------------ upsell work

export const staffUpsellsPageSchema = pageOf(staffUpsellSchema);
export const staffUpsellParamsSchema = z.extend(staffCustomerParamsSchema, {
  upsellId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const staffUpsellUpdateSchema = z.strictObject({
  workStatus: z.enum(
    UPSELL_WORK_STATUSES.filter(
      (status): status is Exclude<UpsellWorkStatus, "not_started"> => status !== "not_started",
    ) as [Exclude<UpsellWorkStatus, "not_started">, ...Exclude<UpsellWorkStatus, "not_started">[]],
  ),
});

// ------------------------------------------------------------------ audit log

export const auditEntrySchema = z.object({
  id: z.string(),
  /** Who acted: a staff member, a member of the customer's account, or the system. */
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  /** The person's id (a staff member's or a customer member's); the system's source otherwise. */
  actorId: z.string(),
  actorEmail: z.nullable(z.string()),
  /**
   * The actor as the log names them: a staff member's address; a customer member's name as it
   * is now (docs/team.md, "Who did it"), "Former member" once they erased themselves; "System".
   */
  actorName: z.string(),
  /** e.g. "site.update", "ticket.reply", "ticket.update", "upsell.update". */
  action: z.string(),
  targetType: z.enum(STAFF_TARGET_TYPES),
  targetId: z.string(),
  /** The customer whose record changed. */
  customerId: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogQuerySchema = z.extend(cursorQuerySchema, {
  targetType: z.optional(z.enum(STAFF_TARGET_TYPES)),
  actorId: z.optional(z.string().check(z.maxLength(200))),
  customerId: z.optional(z.string().check(z.maxLength(200))),
});
export const auditLogPageSchema = pageOf(auditEntrySchema);

// ------------------------------------------------------------------ a customer's API keys

/** DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}. */
export const staffApiKeyParamsSchema = z.extend(staffCustomerParamsSchema, {
  apiKeyId: z.string().check(z.minLength(1), z.maxLength(100)),
});

// ------------------------------------------------------------------ the mail sent to a customer

/**
 * One mail the portal sent (or meant to send) one person of the account: a domain event's claim
 * for that recipient (docs/console.md, "Mail sent"; docs/notifications.md, "Sent once").
 */
export const staffMailRecordSchema = z.object({
  /** The claim's id: the event's id, with `>to:<person>` for anyone but the first owner. */
  id: z.string(),
  /** The domain event the mail is about, e.g. "ticket.status_changed". */
  eventType: z.string(),
  state: z.enum(MAILED_EVENT_STATES),
  /** Why nothing went (skipped) or SES's words (rejected); null otherwise. */
  reason: z.nullable(z.string()),
  /** The id SES gave the mail it accepted; null until then. */
  messageId: z.nullable(z.string()),
  /** The person it is addressed to, named as they are now ("Former member" once erased). */
  recipient: memberRefSchema,
  /** When the consumer took the event on for this person (ISO). */
  createdAt: z.string(),
});
export type StaffMailRecord = z.infer<typeof staffMailRecordSchema>;
export const staffMailPageSchema = pageOf(staffMailRecordSchema);
