/**
 * A domain event as a mail: subject, an HTML part in the portal's look (its brand indigo,
 * white card on a light grey page, one call-to-action button) and the same words as plain
 * text. Pure: links are built from the origin and the unsubscribe URL passed in.
 */
import type { DomainEvent } from "../contracts/events";
import { longDate, longMonth } from "../long-date";
import { formatMoney } from "../money";
import { describePercentChange, describeFigure as figure } from "../reports/words";
import { REVIEW_READY_LABEL, SITE_STATUS_LABELS } from "../sites/enums";
import { TICKET_STATUS_LABELS } from "../tickets/enums";

export interface MailContext {
  /** The portal's public origin (Config.APP_URL), without a trailing slash. */
  appUrl: string;
  productName: string;
  /** One-click unsubscribe address for this recipient (also in the List-Unsubscribe header). */
  unsubscribeUrl: string;
  /**
   * The name of the member whose action the mail is about, when that is someone else than the
   * recipient: the mail says "Dana approved…" where it would say "You approved…" (docs/team.md).
   */
  actorName?: string;
}

export interface Recipient {
  email: string;
  firstName?: string | null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The page of the portal the mail leads to. */
  link: string;
}

/** The brand palette of packages/web/src/theme/system.ts (brand.700 passes AA on white). */
const BRAND = "#4338ca";
const BRAND_SUBTLE = "#eef2ff";
const PAGE = "#f4f4f5";
const INK = "#18181b";
const MUTED = "#52525b";

/** What a mail says, before it is laid out (renderLetter). */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A message quoted as it was written (a staff reply). */
  quote?: string;
  /** A path on the portal, or (href) an address elsewhere: the export's presigned link. */
  action: { label: string; path: string; href?: string };
}

/** An event carries the status as stored; a value no label names is written out plainly. */
const label = (names: Readonly<Record<string, string>>, value: string) =>
  (Object.hasOwn(names, value) ? names[value] : undefined) ?? value.replace(/_/g, " ");

function longDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${longDate(iso)} ${date.toISOString().slice(11, 16)} UTC`;
}

const siteLink = (siteId: string) => `/site-settings?site=${encodeURIComponent(siteId)}`;
const reviewLink = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/review`;
const ticketLink = (ticketId: string) => `/support/${encodeURIComponent(ticketId)}`;

function contentFor(event: DomainEvent, productName: string, actorName?: string): MailContent {
  switch (event.type) {
    case "site.live":
      return {
        subject: `Your website ${event.siteName} is live`,
        heading: `${event.siteName} is live`,
        paragraphs: [
          `Your website is now online at ${event.liveUrl}.`,
          "Take a look, and tell us through the portal if anything should change.",
          ...(event.approvalOverride
            ? ["Our team took it live before you approved the current draft. Their reason:"]
            : []),
        ],
        ...(event.approvalOverride ? { quote: event.approvalOverride } : {}),
        action: { label: "See your website", path: siteLink(event.siteId) },
      };
    case "site.review_requested":
      return {
        subject: `${REVIEW_READY_LABEL}: ${event.siteName}`,
        heading: REVIEW_READY_LABEL,
        paragraphs: [
          `Version ${event.round} of ${event.siteName} is ready for you to look at: ${event.previewUrl}.`,
          "Approve it, or list what should change, on its review page.",
        ],
        action: { label: "Review the draft", path: reviewLink(event.siteId) },
      };
    case "site.approved":
      return {
        subject: `${actorName ?? "You"} approved ${event.siteName}`,
        heading: actorName ? `${actorName} approved the draft` : "Thank you for your approval",
        paragraphs: [
          `${actorName ?? "You"} approved version ${event.round} of ${event.siteName}. Our team now prepares it to go live and writes to you when it is online.`,
        ],
        action: { label: "See the review", path: reviewLink(event.siteId) },
      };
    case "site.changes_requested":
      return {
        subject: actorName
          ? `${actorName} asked for changes to ${event.siteName}`
          : `We received your changes to ${event.siteName}`,
        heading: actorName
          ? `${actorName}'s changes are with our team`
          : "Your changes are with our team",
        paragraphs: [
          `${actorName ?? "You"} asked for ${event.changes.length} ${event.changes.length === 1 ? "change" : "changes"} to version ${event.round} of ${event.siteName}. We write to you when the next version is ready.`,
        ],
        quote: event.changes.map((change, index) => `${index + 1}. ${change}`).join("\n"),
        action: { label: "See the review", path: reviewLink(event.siteId) },
      };
    case "site.status_changed":
      return {
        subject: `${event.siteName}: ${label(SITE_STATUS_LABELS, event.to)}`,
        // The portal's own words, capitalised as its badges write them (docs/notifications.md).
        heading: `Status of ${event.siteName}: ${label(SITE_STATUS_LABELS, event.to)}`,
        paragraphs: [
          `The status of your website changed from ${label(SITE_STATUS_LABELS, event.from)} to ${label(SITE_STATUS_LABELS, event.to)}.`,
        ],
        action: { label: "Open the site's settings", path: siteLink(event.siteId) },
      };
    case "ticket.staff_replied":
      return {
        subject: `New reply to your ticket: ${event.subject}`,
        heading: "Our team replied to your ticket",
        paragraphs: [`About “${event.subject}”:`],
        quote: event.message,
        action: { label: "Read and reply", path: ticketLink(event.ticketId) },
      };
    case "ticket.status_changed":
      return {
        subject: `Your ticket is ${label(TICKET_STATUS_LABELS, event.to).toLowerCase()}: ${event.subject}`,
        heading: `Ticket ${label(TICKET_STATUS_LABELS, event.to).toLowerCase()}`,
        paragraphs: [
          `Your ticket “${event.subject}” changed from ${label(TICKET_STATUS_LABELS, event.from)} to ${label(TICKET_STATUS_LABELS, event.to)}.`,
        ],
        action: { label: "Open the ticket", path: ticketLink(event.ticketId) },
      };
    case "domain.verified":
      return {
        subject: `${event.domain} is connected to ${event.siteName}`,
        heading: "Your custom domain is verified",
        paragraphs: [`${event.domain} now points at ${event.siteName}, with HTTPS turned on.`],
        action: { label: "Open the site's settings", path: siteLink(event.siteId) },
      };
    case "report.monthly": {
      const { headline } = event;
      return {
        subject: `${event.siteName}: your report for ${longMonth(event.month)}`,
        heading: `${event.siteName} in ${longMonth(event.month)}`,
        ...(event.note ? { quote: event.note } : {}),
        paragraphs: [
          `Uptime: ${figure(headline.uptimePercent, "%")}, ${headline.incidents === 1 ? "1 incident" : `${headline.incidents} incidents`}.`,
          `Visitors: ${figure(headline.visitors)}${headline.visitorsChange === null ? "" : ` (${describePercentChange(headline.visitorsChange)})`}. Page views: ${figure(headline.pageViews)}.`,
          `Performance score: ${figure(headline.performance)}. SEO score: ${figure(headline.seoScore)}.`,
          `Support tickets resolved: ${headline.ticketsResolved}.`,
          `What we recommend next: ${headline.recommendation}`,
        ],
        action: {
          label: event.level === "full" ? "Open the full report" : "Open the report",
          path: `/sites/${encodeURIComponent(event.siteId)}/reports/${event.month}`,
        },
      };
    }
    case "site.down":
      return {
        subject: `${event.siteName} is down`,
        heading: `${event.siteName} is not answering`,
        paragraphs: [
          `Our checks could not reach ${event.url} twice in a row, since ${longDateTime(event.startedAt)}.`,
          `What we saw: ${event.reason}.`,
          "Our team has been alerted too. We will write again when it is back up.",
        ],
        action: { label: "See the site's uptime", path: siteLink(event.siteId) },
      };
    case "site.recovered":
      return {
        subject: `${event.siteName} is back up`,
        heading: `${event.siteName} is back up`,
        paragraphs: [
          `${event.url} answers again since ${longDateTime(event.endedAt)}. It was down from ${longDateTime(event.startedAt)}.`,
        ],
        action: { label: "See the site's uptime", path: siteLink(event.siteId) },
      };
    case "site.certificate_expiring":
      return {
        subject: `${event.siteName}: the HTTPS certificate expires in ${event.daysLeft} days`,
        heading: "Your site's certificate is about to expire",
        paragraphs: [
          `The HTTPS certificate of ${event.url} expires on ${longDate(event.expiresAt)} (${event.daysLeft} days from now). After that, browsers warn visitors away from the site.`,
          "Our team renews it; if your domain's DNS is managed elsewhere, check that it still points at us.",
        ],
        action: { label: "Open the site's settings", path: siteLink(event.siteId) },
      };
    case "webhook.disabled":
      return {
        subject: "Your webhook endpoint was disabled",
        heading: "We stopped sending to your webhook endpoint",
        paragraphs: [
          `${event.url} failed ${event.failureCount} deliveries in a row, so we turned it off. The last one: ${event.lastFailure}.`,
          "Fix the endpoint, then turn it back on in Settings → Developer; the delivery log lets you redeliver what it missed.",
        ],
        action: { label: "Open the Developer settings", path: "/settings#developer" },
      };
    case "account.export_ready":
      return {
        subject: "Your data export is ready",
        heading: "Your data export is ready",
        paragraphs: [
          "The file holds everything we keep about you: your profile, sites, questionnaire, tickets, analytics, audits, activity, API keys and webhooks (never their secrets), invoices' references and your screenshots.",
          `The link below works for one hour. Until ${longDateTime(event.availableUntil)} you can download the file again from Settings.`,
        ],
        action: { label: "Download your data", path: "/settings", href: event.downloadUrl },
      };
    case "audit.completed":
      // Never mailed (rules.ts); a text in case that changes.
      return {
        subject: `Your ${event.kind === "seo" ? "SEO analysis" : "performance test"} is ready`,
        heading: "Your results are ready",
        paragraphs: [`The run for ${event.url} has finished.`],
        action: {
          label: "See the results",
          path: event.kind === "seo" ? "/seo-checker" : "/performance",
        },
      };
    case "subscription.activated":
      return {
        subject: `Welcome to ${productName}: your ${event.plan} plan is active`,
        heading: `Your ${event.plan} plan is active`,
        paragraphs: [
          "Thank you for subscribing. If you have not yet told us about your business, the questionnaire takes a few minutes and lets our team start on your website.",
        ],
        action: { label: "Go to your dashboard", path: "/dashboard" },
      };
    case "payment.failed":
      return {
        subject: "Your payment failed: please update your card",
        heading: "We could not take your payment",
        paragraphs: [
          `A payment of ${formatMoney(event.amountDue, event.currency)} for your subscription failed.`,
          "Update your card on the Billing page to keep your websites and your access to the portal.",
        ],
        action: { label: "Update payment method", path: "/billing" },
      };
    case "subscription.ending": {
      const days = event.gracePeriodDays;
      return {
        subject: `Your ${event.plan} subscription ends on ${longDate(event.endsAt)}`,
        heading: "Your subscription is set to end",
        paragraphs: [
          `Your ${event.plan} plan stays active until ${longDate(event.endsAt)}. After that your websites are taken offline${days ? `, and ${days} ${days === 1 ? "day" : "days"} later they are deleted with their screenshots, analytics and custom domains` : ""}.`,
          "Changed your mind? You can reactivate it on the Billing page until then.",
        ],
        action: { label: "Manage billing", path: "/billing" },
      };
    }
    case "subscription.ended":
      return {
        subject:
          event.siteCount > 0
            ? `Your subscription has ended: your websites will be deleted on ${longDate(event.deleteAfter)}`
            : "Your subscription has ended",
        heading: "Your subscription has ended",
        paragraphs:
          event.siteCount > 0
            ? [
                `${event.siteCount === 1 ? "Your website is" : `Your ${event.siteCount} websites are`} now offline. We keep ${event.siteCount === 1 ? "it" : "them"} until ${longDateTime(event.deleteAfter)}; after that ${event.siteCount === 1 ? "it is" : "they are"} deleted for good, with the screenshots, analytics and custom domains.`,
                `Subscribe again before then and everything comes back as it was.`,
              ]
            : ["Thank you for having been with us. You can subscribe again at any time."],
        action: { label: "Subscribe again", path: "/billing" },
      };
    case "sites.restored":
      return {
        subject: `Welcome back: your ${event.siteCount === 1 ? "website is" : "websites are"} online again`,
        heading: `Your ${event.siteCount === 1 ? "website is" : "websites are"} back`,
        paragraphs: [
          "Your subscription is active again, so nothing will be deleted. Your websites are back online with everything they had.",
        ],
        action: { label: "Open your dashboard", path: "/dashboard" },
      };
    case "sites.deleted":
      return {
        subject: `Your ${event.siteNames.length === 1 ? "website has" : "websites have"} been deleted`,
        heading: `Your ${event.siteNames.length === 1 ? "website has" : "websites have"} been deleted`,
        paragraphs: [
          `Your subscription ended and the grace period is over, so we deleted ${event.siteNames.join(", ")} with ${event.siteNames.length === 1 ? "its" : "their"} screenshots, analytics and custom domains.`,
          "Should you want a website with us again, you are welcome to subscribe at any time.",
        ],
        action: { label: "See our plans", path: "/pricing" },
      };
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function renderMail(
  event: DomainEvent,
  recipient: Recipient,
  context: MailContext,
): RenderedMail {
  return renderLetter(
    contentFor(event, context.productName, context.actorName),
    recipient,
    context,
  );
}

/**
 * Any mail's content in the portal's look. Without an unsubscribe address (a mail to someone
 * who is not a customer yet: an invitation, docs/team.md) the footer names the portal only.
 */
export function renderLetter(
  content: MailContent,
  recipient: Recipient,
  context: Omit<MailContext, "unsubscribeUrl"> & { unsubscribeUrl?: string },
): RenderedMail {
  const link = content.action.href ?? `${context.appUrl}${content.action.path}`;
  const settings = `${context.appUrl}/settings`;
  const greeting = recipient.firstName ? `Hi ${recipient.firstName},` : "Hello,";
  const e = escapeHtml;

  const text = [
    greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.quote ? [...content.quote.split("\n").map((l) => `> ${l}`), ""] : []),
    `${content.action.label}: ${link}`,
    "",
    "--",
    `${context.productName} · ${context.appUrl}`,
    ...(context.unsubscribeUrl
      ? [
          `Choose which e-mails you get: ${settings}`,
          `Unsubscribe from notifications: ${context.unsubscribeUrl}`,
        ]
      : []),
    "",
  ].join("\n");
  const preferences = context.unsubscribeUrl
    ? `<br>
<a href="${e(settings)}" style="color:${MUTED}">Choose which e-mails you get</a> · <a href="${e(context.unsubscribeUrl)}" style="color:${MUTED}">Unsubscribe from notifications</a>`
    : "";

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${INK}">${e(p)}</p>`;
  const quote = content.quote
    ? `<div style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${BRAND};background:${BRAND_SUBTLE};border-radius:4px;font-size:15px;line-height:22px;color:${INK};white-space:pre-wrap">${e(content.quote)}</div>`
    : "";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${PAGE};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAGE};padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 4px 16px;font-size:18px;font-weight:700;color:${BRAND}">${e(context.productName)}</td></tr>
<tr><td style="background:#ffffff;border-radius:12px;border:1px solid #e4e4e7;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${INK}">${e(content.heading)}</h1>
${paragraph(greeting)}
${content.paragraphs.map(paragraph).join("\n")}
${quote}
<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:8px;background:${BRAND}">
<a href="${e(link)}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${e(content.action.label)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:16px 4px;font-size:13px;line-height:20px;color:${MUTED}">
${e(context.productName)} · <a href="${e(context.appUrl)}" style="color:${MUTED}">${e(context.appUrl)}</a>${preferences}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: content.subject, html, text, link };
}
