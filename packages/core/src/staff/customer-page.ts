/**
 * One customer's page in the console (docs/console.md): their plan, sites (with presigned
 * screenshots), tickets, activity, upsells, questionnaire and monitoring.
 */
import * as Activities from "../activities/index";
import { peopleByIds } from "../attribution/people";
import type { StaffCustomer } from "../contracts/staff";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { summaryOf } from "../monitoring/summary";
import { toQuestionnaire } from "../questionnaires/index";
import { seoPackagesFrom, toSiteView } from "../sites/view";
import { openerOf } from "../tickets/index";
import { customerTeam } from "./customer-team";
import { toCustomerSummary, toStaffUpsell } from "./customers";
import { toStaffTicket } from "./tickets";

/**
 * How much of each kind the customer page reads, newest first: the page shows these, and a
 * customer's partition also holds what it never shows (webhook deliveries, API keys, audits…),
 * which grows without bound.
 */
export const CUSTOMER_PAGE_LIMITS = {
  sites: 100,
  tickets: 100,
  activities: 50,
  upsells: 100,
  questionnaires: 10,
  monitors: 100,
} as const;

/**
 * The customer page: one bounded Query per kind it shows, at once, instead of the whole
 * partition (docs/console.md).
 */
export async function get(userId: string): Promise<StaffCustomer> {
  const limits = CUSTOMER_PAGE_LIMITS;
  const newest = (limit: number) => ({ order: "desc" as const, limit });
  const [user, sites, tickets, activities, upsells, questionnaires, monitors] = await Promise.all([
    db.entities.user.get({ userId }).go(),
    db.entities.site.query.byOwner({ userId }).go(newest(limits.sites)),
    db.entities.ticket.query.byOwner({ userId }).go(newest(limits.tickets)),
    db.entities.activity.query.byOwner({ userId }).go(newest(limits.activities)),
    db.entities.upsell.query.byOwner({ userId }).go(newest(limits.upsells)),
    db.entities.questionnaire.query.byOwner({ userId }).go(newest(limits.questionnaires)),
    db.entities.siteMonitor.query.byOwner({ userId }).go({ limit: limits.monitors }),
  ]);
  if (!user.data) throw new NotFoundError("Customer not found");
  const { email } = user.data;
  const [people, team] = await Promise.all([
    peopleByIds([
      ...tickets.data.map(openerOf),
      ...activities.data.map((activity) => activity.actorId),
    ]),
    customerTeam(user.data),
  ]);
  const siteNames = new Map(sites.data.map((site) => [site.siteId, site.name]));
  const seoPackages = seoPackagesFrom(upsells.data);
  const oldestFirst = [...questionnaires.data].reverse();
  const questionnaire = oldestFirst.find((q) => q.isCompleted) ?? oldestFirst[0];
  return {
    customer: toCustomerSummary(user.data),
    questionnaire: questionnaire ? toQuestionnaire(questionnaire) : null,
    sites: await Promise.all(
      [...sites.data]
        .reverse()
        .map((site) => toSiteView(site, seoPackages.get(site.siteId) ?? null)),
    ),
    tickets: tickets.data.map((ticket) => toStaffTicket(ticket, email, people)),
    activities: activities.data.map((activity) => Activities.toActivityView(activity, people)),
    upsells: [...upsells.data]
      .reverse()
      .map((u) => toStaffUpsell(u, u.siteId ? (siteNames.get(u.siteId) ?? null) : null, email)),
    team,
    monitoring: monitors.data.map((m) => ({ siteId: m.siteId, ...summaryOf(m, new Date()) })),
    mailSuppression: user.data.mailSuppressedReason
      ? {
          reason: user.data.mailSuppressedReason,
          at: user.data.mailSuppressedAt ?? "",
          detail: user.data.mailSuppressedDetail ?? "",
        }
      : null,
  };
}
