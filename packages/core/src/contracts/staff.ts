/**
 * The provider console's API (/api/staff/..., docs/console.md): what the team's pages send and
 * read. Only staff routes answer these shapes; they carry what customers never see (internal
 * messages and notes, assignees, other customers).
 *
 * Imported by the console's pages too, so it depends on zod and other contracts only.
 */
import * as z from "zod";
import { UPSELL_WORK_STATUSES } from "../billing/enums";
import { SITE_STATUSES } from "../sites/enums";
import { STAFF_TARGET_TYPES } from "../staff/enums";
import { attachmentIdsSchema } from "./content";
import { activitySchema } from "./dashboard";
import { siteUptimeSchema } from "./monitoring";
import { questionnaireSchema } from "./questionnaires";
import { approvalOverrideSchema } from "./review";
import { siteSchema } from "./sites";
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

/** One page of a cross-customer list and the cursor of the next (null on the last page). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), cursor: z.string().nullable() });

export const cursorQuerySchema = z.object({ cursor: z.string().max(2000).optional() });

/** The customer a staff list row belongs to. */
export const staffCustomerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  subscriptionPlan: planIdSchema.nullable(),
  subscriptionActive: z.boolean(),
  /** Stripe's status as last seen (active, past_due, canceled…), null before any payment. */
  subscriptionStatus: z.string().nullable(),
  hasCompletedQuestionnaire: z.boolean(),
  createdAt: z.string(),
});
export type StaffCustomerSummary = z.infer<typeof staffCustomerSummarySchema>;

// ------------------------------------------------------------------ requests

/** A submitted questionnaire: every answer, the customer, and the site it requested. */
export const staffRequestSchema = z.object({
  questionnaire: questionnaireSchema,
  customer: staffCustomerSummarySchema.nullable(),
  site: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
});
export type StaffRequest = z.infer<typeof staffRequestSchema>;
export const staffRequestsPageSchema = pageOf(staffRequestSchema);

// ------------------------------------------------------------------ customers

export const staffCustomerSearchSchema = cursorQuerySchema.extend({
  /** The start of an email address, or of a first or last name; empty lists everyone. */
  q: text("Search").max(200).optional(),
});
export const staffCustomersPageSchema = pageOf(staffCustomerSummarySchema);

export const staffUpsellSchema = z.object({
  id: z.string(),
  userId: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  title: z.string(),
  price: z.string(),
  isPurchased: z.boolean(),
  purchasedAt: z.string().nullable(),
  /** The team's progress on a bought upgrade. */
  workStatus: z.enum(UPSELL_WORK_STATUSES),
  customerEmail: z.string().nullable(),
});
export type StaffUpsell = z.infer<typeof staffUpsellSchema>;

/** A customer's page: everything the team needs in one read of their partition. */
export const staffCustomerSchema = z.object({
  customer: staffCustomerSummarySchema,
  questionnaire: questionnaireSchema.nullable(),
  sites: z.array(siteSchema),
  tickets: z.array(z.lazy(() => staffTicketSchema)),
  activities: z.array(activitySchema),
  upsells: z.array(staffUpsellSchema),
  /** Set when SES reported a bounce or complaint: mail to the address is off, and why. */
  mailSuppression: z
    .object({ reason: z.enum(["bounce", "complaint"]), at: z.string(), detail: z.string() })
    .nullable(),
  /** Uptime monitoring of the customer's live sites (docs/monitoring.md), by site id. */
  monitoring: z.array(
    siteUptimeSchema.pick({
      siteId: true,
      lastCheck: true,
      openIncident: true,
      lastIncident: true,
      certificate: true,
    }),
  ),
});
export type StaffCustomer = z.infer<typeof staffCustomerSchema>;

export const staffCustomerParamsSchema = z.object({ userId: z.string().min(1).max(200) });

// ------------------------------------------------------------------ site lifecycle

const optionalUrl = text("Address")
  .max(500)
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), {
    message: "Enter a full address starting with http:// or https://",
  });

/** What the team may change on a site; an empty URL clears it. */
export const staffSiteUpdateSchema = z
  .strictObject({
    status: z.enum(SITE_STATUSES).optional(),
    url: optionalUrl.optional(),
    liveUrl: optionalUrl.optional(),
    /**
     * Going live without the customer's approval of the current review round needs the
     * team's written reason (docs/sites.md, "Review and approval").
     */
    approvalOverride: approvalOverrideSchema.optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: "Nothing to change" });
export type StaffSiteUpdate = z.infer<typeof staffSiteUpdateSchema>;

export const staffSiteParamsSchema = staffCustomerParamsSchema.extend({
  siteId: z.string().min(1).max(100),
});

/**
 * The answer to a lifecycle change: the fields it sets, as saved. Not the whole site view: the
 * console refetches the customer's page after every write, and the view's presigned screenshot
 * and DNS records would put S3 and the public-suffix list into the route's bundle
 * (docs/performance.md, "`bundles`").
 */
export const staffSiteLifecycleSchema = siteSchema.pick({
  id: true,
  name: true,
  status: true,
  url: true,
  liveUrl: true,
  updatedAt: true,
});
export type StaffSiteLifecycle = z.infer<typeof staffSiteLifecycleSchema>;

// ------------------------------------------------------------------ tickets

export const staffTicketSchema = ticketSchema.extend({
  userId: z.string(),
  assignedTo: z.string().nullable(),
  internalNotes: z.string().nullable(),
  /** Minutes from opening to the first staff reply. */
  responseTime: z.number().nullable(),
  /** Minutes from opening to resolved or closed. */
  resolutionTime: z.number().nullable(),
  /** The customer spoke last (or nobody has answered yet), and the ticket is not done. */
  waitingOnStaff: z.boolean(),
  customerEmail: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

export const staffInboxQuerySchema = cursorQuerySchema.extend({
  status: ticketStatusSchema.default("open"),
  priority: ticketPrioritySchema.optional(),
  category: ticketCategorySchema.optional(),
  /** A staff user id, or "unassigned". */
  assignee: z.string().max(200).optional(),
  waiting: z.enum(["staff"]).optional(),
});
export type StaffInboxQuery = z.infer<typeof staffInboxQuerySchema>;

export const staffInboxSchema = pageOf(staffTicketSchema).extend({
  /**
   * Medians over the latest tickets of this status (minutes), null when there are none; read
   * with the first page only (null on the pages a cursor asks for).
   */
  medians: z.object({
    responseTime: z.number().nullable(),
    resolutionTime: z.number().nullable(),
  }),
});

export const staffTicketParamsSchema = staffCustomerParamsSchema.extend({
  ticketId: z.string().min(1).max(100),
});

export const staffTicketMessageSchema = ticketMessageSchema.extend({
  /** Staff only: the customer never sees it. */
  isInternal: z.boolean(),
});
export const staffTicketThreadSchema = z.object({
  ticket: staffTicketSchema,
  messages: z.array(staffTicketMessageSchema),
});
export type StaffTicketThread = z.infer<typeof staffTicketThreadSchema>;

export const staffReplySchema = z.strictObject({
  message: text("Message", { multiline: true })
    .min(1, "Write a message")
    .max(TICKET_MESSAGE_MAX, `At most ${TICKET_MESSAGE_MAX} characters`),
  /** An internal note on the thread instead of a reply the customer reads. */
  isInternal: z.boolean().default(false),
  /** Ids of the customer's confirmed files, e.g. a proof staff uploaded to them. */
  attachments: attachmentIdsSchema,
});

export const staffTicketUpdateSchema = z
  .strictObject({
    status: ticketStatusSchema.optional(),
    priority: ticketPrioritySchema.optional(),
    /** A staff user id; null unassigns. */
    assignedTo: text("Assignee").max(200).nullable().optional(),
    internalNotes: text("Internal notes", { multiline: true }).max(5000).optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: "Nothing to change" });
export type StaffTicketUpdate = z.infer<typeof staffTicketUpdateSchema>;

// ------------------------------------------------------------------ upsell work

export const staffUpsellsPageSchema = pageOf(staffUpsellSchema);
export const staffUpsellParamsSchema = staffCustomerParamsSchema.extend({
  upsellId: z.string().min(1).max(100),
});
export const staffUpsellUpdateSchema = z.strictObject({
  workStatus: z.enum(UPSELL_WORK_STATUSES).exclude(["not_started"]),
});

// ------------------------------------------------------------------ audit log

export const auditEntrySchema = z.object({
  id: z.string(),
  /** The staff member who acted. */
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  /** e.g. "site.update", "ticket.reply", "ticket.update", "upsell.update". */
  action: z.string(),
  targetType: z.enum(STAFF_TARGET_TYPES),
  targetId: z.string(),
  /** The customer whose record changed. */
  customerId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogQuerySchema = cursorQuerySchema.extend({
  targetType: z.enum(STAFF_TARGET_TYPES).optional(),
  actorId: z.string().max(200).optional(),
  customerId: z.string().max(200).optional(),
});
export const auditLogPageSchema = pageOf(auditEntrySchema);

// ------------------------------------------------------------------ a customer's API keys

/** DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}. */
export const staffApiKeyParamsSchema = staffCustomerParamsSchema.extend({
  apiKeyId: z.string().min(1).max(100),
});
