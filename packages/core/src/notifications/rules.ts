/**
 * Which domain events become a mail, and which of the user's preferences each one honours
 * (docs/notifications.md). Pure: the consumer passes the stored preferences.
 */
import type { DomainEvent } from "../contracts/events";

/**
 * - transactional: about money the customer owes or pays; sent whatever the preferences say.
 * - notification: what happened to their sites and tickets; off with `emailNotifications`.
 * - marketing: offers and news; only with `marketingEmails` (no event is marketing yet).
 * - report: the monthly care report (docs/reports.md); off with `monthlyReport`.
 */
export type MailKind = "transactional" | "notification" | "marketing" | "report";

export interface MailPreferences {
  emailNotifications: boolean;
  marketingEmails: boolean;
  /** Absent on users stored before the toggle: on. */
  monthlyReport?: boolean;
}

/** The kind of mail an event makes, or null when it makes none. */
export function mailKindFor(event: DomainEvent): MailKind | null {
  switch (event.type) {
    case "subscription.activated":
    case "payment.failed":
    case "subscription.ending":
    case "subscription.ended":
    case "sites.restored":
    case "sites.deleted":
      // What the customer pays for is going, back or gone: always told.
      return "transactional";
    case "site.status_changed":
      // Going live has its own event and mail (site.live); one mail, not two.
      return event.to === "live" || event.from === event.to ? null : "notification";
    case "ticket.status_changed":
      return event.from === event.to ? null : "notification";
    case "site.live":
      // Taken live without the customer's approval: they are told whatever the preferences say.
      return event.approvalOverride ? "transactional" : "notification";
    case "site.review_requested":
    case "site.approved":
    case "site.changes_requested":
    case "ticket.staff_replied":
    case "domain.verified":
    case "site.down":
    case "site.recovered":
      return "notification";
    case "site.certificate_expiring":
      // An expired certificate takes the site off the web for every visitor: always told.
      return "transactional";
    case "webhook.disabled":
      // Their own systems stopped hearing from us: like the certificate, always told.
      return "transactional";
    case "account.export_ready":
      // The customer asked for it a moment ago and waits for this very mail.
      return "transactional";
    case "report.monthly":
      return "report";
    case "audit.completed":
      // The page that started the run shows its result; webhooks carry it (no mail).
      return null;
  }
}

/**
 * Who among the account's members an event's mail goes to (docs/notifications.md, "Who gets a
 * mail"): what is billed, the account's own integrations and its data export to its owners, who
 * alone may see them; everything else to every member.
 */
export type Audience = "members" | "owners";

export function audienceFor(event: DomainEvent): Audience {
  switch (event.type) {
    case "subscription.activated":
    case "payment.failed":
    case "subscription.ending":
    case "subscription.ended":
    case "sites.restored":
    case "sites.deleted":
    case "webhook.disabled":
    case "account.export_ready":
      return "owners";
    default:
      return "members";
  }
}

export function allowedBy(kind: MailKind, preferences: MailPreferences): boolean {
  if (kind === "transactional") return true;
  if (kind === "notification") return preferences.emailNotifications;
  if (kind === "report") return preferences.monthlyReport !== false;
  return preferences.marketingEmails;
}

/** Whether this event mails this user: null = no mail, with the reason for the log. */
export function decide(
  event: DomainEvent,
  preferences: MailPreferences,
): { send: true; kind: MailKind } | { send: false; reason: string } {
  const kind = mailKindFor(event);
  if (!kind) return { send: false, reason: "no mail for this event" };
  if (!allowedBy(kind, preferences)) return { send: false, reason: `${kind} mails are off` };
  return { send: true, kind };
}
