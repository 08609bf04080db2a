/** Customers as the team sees them: search, and one customer's whole page. */
import * as Activities from "../activities/index";
import type { StaffCustomer, StaffCustomerSummary, StaffUpsell } from "../contracts/staff";
import { db, type UpsellItem, type UserItem } from "../db/service";
import { NotFoundError } from "../errors";
import { summaryOf } from "../monitoring/summary";
import { toQuestionnaire } from "../questionnaires/index";
import { seoPackagesFrom, toSiteView } from "../sites/view";
import { findCustomerIds } from "./customer-search";
import { PAGE_SIZE } from "./paging";
import { toStaffTicket } from "./tickets";
import { usersById } from "./users";

export function toCustomerSummary(user: UserItem): StaffCustomerSummary {
  return {
    id: user.userId,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    subscriptionPlan: user.subscriptionPlan ?? null,
    subscriptionActive: user.subscriptionActive,
    subscriptionStatus: user.subscriptionStatus ?? null,
    hasCompletedQuestionnaire: user.hasCompletedQuestionnaire,
    createdAt: user.createdAt,
  };
}

export function toStaffUpsell(
  item: UpsellItem,
  siteName: string | null,
  customerEmail: string | null,
): StaffUpsell {
  return {
    id: item.upsellId,
    userId: item.userId,
    siteId: item.siteId ?? null,
    siteName,
    title: item.title,
    price: item.price,
    isPurchased: item.isPurchased,
    purchasedAt: item.purchasedAt ?? null,
    workStatus: item.workStatus,
    customerEmail,
  };
}

/**
 * Customers for the console's search box: everyone (by email address) when `q` is empty; those
 * whose address starts with `q` when it holds an "@" (a pasted address, a key condition on the
 * email index); else those with a word of their names, address or business names starting with
 * each word of `q`, from the search index (customer-search.ts).
 */
export async function search(
  q: string | undefined,
  cursor: string | undefined,
): Promise<{ items: StaffCustomerSummary[]; cursor: string | null }> {
  const term = q?.trim() ?? "";
  const page = { count: PAGE_SIZE, cursor: cursor ?? null };
  const found = term && !term.includes("@") ? await findCustomerIds(term, page) : null;
  if (found) {
    const users = await usersById(found.userIds);
    return {
      items: found.userIds.flatMap((id) => {
        const user = users.get(id);
        return user ? [toCustomerSummary(user)] : [];
      }),
      cursor: found.cursor,
    };
  }
  // No word long enough to look up ("j"): the start of the address, as with an "@".
  const byEmail = db.entities.user.query.byEmail({});
  const query = term ? byEmail.begins({ email: term.toLowerCase() }) : byEmail;
  const listed = await query.go({ limit: PAGE_SIZE, cursor: page.cursor });
  return { items: listed.data.map(toCustomerSummary), cursor: listed.cursor ?? null };
}

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
    tickets: tickets.data.map((ticket) => toStaffTicket(ticket, email)),
    activities: activities.data.map(Activities.toActivityView),
    upsells: [...upsells.data]
      .reverse()
      .map((u) => toStaffUpsell(u, u.siteId ? (siteNames.get(u.siteId) ?? null) : null, email)),
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
