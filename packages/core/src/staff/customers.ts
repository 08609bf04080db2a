/**
 * Customers as the team sees them: the search, and the summaries other staff lists show. One
 * customer's whole page is customer-page.ts: it alone presigns the sites' screenshots.
 */
import type { StaffCustomerSummary, StaffUpsell } from "../contracts/staff";
import { db, type UpsellItem, type UserItem } from "../db/service";
import { findCustomerIds } from "./customer-search";
import { PAGE_SIZE } from "./paging";
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
    ownerlessSince: user.ownerlessSince ?? null,
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
