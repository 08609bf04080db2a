/** Customers as the team sees them: search, and one customer's whole page. */
import * as Activities from "../activities/index";
import type { StaffCustomer, StaffCustomerSummary, StaffUpsell } from "../contracts/staff";
import { db, type UpsellItem, type UserItem } from "../db/service";
import { NotFoundError } from "../errors";
import { summaryOf } from "../monitoring/summary";
import { toQuestionnaire } from "../questionnaires/index";
import { seoPackagesFrom, toSiteView } from "../sites/view";
import { PAGE_SIZE } from "./paging";
import { toStaffTicket } from "./tickets";

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
 * Customers whose email starts with `q` (a key condition on the email index), or whose first
 * or last name does (a filter on the same Query); everyone when `q` is empty.
 */
export async function search(
  q: string | undefined,
  cursor: string | undefined,
): Promise<{ items: StaffCustomerSummary[]; cursor: string | null }> {
  const term = q?.trim() ?? "";
  const query = term.includes("@")
    ? db.entities.user.query.byEmail({}).begins({ email: term.toLowerCase() })
    : db.entities.user.query
        .byEmail({})
        .where((attr, op) =>
          term
            ? [term, term[0]?.toUpperCase() + term.slice(1)]
                .flatMap((t) => [
                  op.begins(attr.firstName, t),
                  op.begins(attr.lastName, t),
                  op.begins(attr.email, t.toLowerCase()),
                ])
                .join(" OR ")
            : "",
        );
  const page = await query.go({ count: PAGE_SIZE, limit: PAGE_SIZE, cursor: cursor ?? null });
  return { items: page.data.map(toCustomerSummary), cursor: page.cursor ?? null };
}

/** One Query of the customer's partition: everything the customer page shows. */
export async function get(userId: string): Promise<StaffCustomer> {
  const { data } = await db.collections.customer({ userId }).go({ pages: "all" });
  const user = data.user[0];
  if (!user) throw new NotFoundError("Customer not found");
  const siteNames = new Map(data.site.map((site) => [site.siteId, site.name]));
  const seoPackages = seoPackagesFrom(data.upsell);
  const questionnaire = data.questionnaire.find((q) => q.isCompleted) ?? data.questionnaire[0];
  return {
    customer: toCustomerSummary(user),
    questionnaire: questionnaire ? toQuestionnaire(questionnaire) : null,
    sites: await Promise.all(
      data.site.map((site) => toSiteView(site, seoPackages.get(site.siteId) ?? null)),
    ),
    tickets: data.ticket.map((ticket) => toStaffTicket(ticket, user.email)).reverse(),
    activities: [...data.activity].reverse().slice(0, 50).map(Activities.toActivityView),
    upsells: data.upsell.map((u) =>
      toStaffUpsell(u, u.siteId ? (siteNames.get(u.siteId) ?? null) : null, user.email),
    ),
    monitoring: data.siteMonitor.map((m) => ({ siteId: m.siteId, ...summaryOf(m, new Date()) })),
  };
}

/** The customers of several rows, read together. */
export async function usersById(ids: string[]): Promise<Map<string, UserItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { data } = await db.entities.user.get(unique.map((userId) => ({ userId }))).go();
  return new Map(data.map((user) => [user.userId, user]));
}
