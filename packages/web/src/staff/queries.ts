/**
 * The provider console's reads and writes (/api/staff/..., docs/console.md). Keys are the API
 * paths plus the query, so the default query function and invalidations agree; every answer is
 * parsed with its contract, so a console page never renders a shape it did not expect.
 */

import {
  auditLogPageSchema,
  type StaffSiteUpdate,
  type StaffTicketUpdate,
  staffCustomerSchema,
  staffCustomersPageSchema,
  staffInboxSchema,
  staffRequestsPageSchema,
  staffSiteLifecycleSchema,
  staffTicketMessageSchema,
  staffTicketThreadSchema,
  staffUpsellSchema,
  staffUpsellsPageSchema,
} from "@portal/core/contracts/staff";
import {
  ticketCategorySchema,
  ticketPrioritySchema,
  ticketStatusSchema,
} from "@portal/core/contracts/tickets";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const STAFF_PATH = "/api/staff";

/** "?a=1&b=2" from the set values only; "" when none. */
export function queryString(params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

const customerPath = (userId: string) => `${STAFF_PATH}/customers/${encodeURIComponent(userId)}`;
const ticketPath = (userId: string, ticketId: string) =>
  `${customerPath(userId)}/tickets/${encodeURIComponent(ticketId)}`;

/** A cross-customer list read a page at a time; the server's cursor names the next page. */
const pages = <T extends { cursor: string | null }>(
  queryKey: readonly unknown[],
  read: (cursor: string | undefined) => Promise<T>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });

export const requestsQuery = () =>
  pages([STAFF_PATH, "requests"], async (cursor) =>
    staffRequestsPageSchema.parse(
      await apiJson("GET", `${STAFF_PATH}/requests${queryString({ cursor })}`),
    ),
  );

export const customersQuery = (q: string) =>
  pages([STAFF_PATH, "customers", q], async (cursor) =>
    staffCustomersPageSchema.parse(
      await apiJson("GET", `${STAFF_PATH}/customers${queryString({ q, cursor })}`),
    ),
  );

export const customerQuery = (userId: string) =>
  queryOptions({
    queryKey: [STAFF_PATH, "customer", userId],
    queryFn: async () => staffCustomerSchema.parse(await apiJson("GET", customerPath(userId))),
  });

export interface InboxFilters {
  status: string;
  priority?: string;
  category?: string;
  assignee?: string;
  waiting?: string;
}

/** The inbox's filters as the URL holds them (routes/staff/tickets/index.tsx). */
export type InboxSearch = Partial<
  Record<"status" | "priority" | "category" | "assignee" | "waiting", string>
>;

export const INBOX_ASSIGNEES = ["me", "unassigned"] as const;

/**
 * The URL's filters, each checked against its list; unknown values are dropped. The page and
 * its route loader both read through it, so they ask for the same query.
 */
export function inboxFilters(search: InboxSearch): InboxFilters {
  const known = <T extends string>(values: readonly T[], value?: string) =>
    values.includes(value as T) ? (value as T) : undefined;
  return {
    status: known(ticketStatusSchema.options, search.status) ?? "open",
    priority: known(ticketPrioritySchema.options, search.priority),
    category: known(ticketCategorySchema.options, search.category),
    assignee: known(INBOX_ASSIGNEES, search.assignee),
    waiting: search.waiting === "staff" ? "staff" : undefined,
  };
}

export const inboxQuery = (filters: InboxFilters) =>
  pages([STAFF_PATH, "tickets", filters], async (cursor) =>
    staffInboxSchema.parse(
      await apiJson("GET", `${STAFF_PATH}/tickets${queryString({ ...filters, cursor })}`),
    ),
  );

export const ticketQuery = (userId: string, ticketId: string) =>
  queryOptions({
    queryKey: [STAFF_PATH, "ticket", userId, ticketId],
    queryFn: async () =>
      staffTicketThreadSchema.parse(await apiJson("GET", ticketPath(userId, ticketId))),
  });

export const upsellsQuery = () =>
  pages([STAFF_PATH, "upsells"], async (cursor) =>
    staffUpsellsPageSchema.parse(
      await apiJson("GET", `${STAFF_PATH}/upsells${queryString({ cursor })}`),
    ),
  );

export type AuditFilters = Partial<Record<"targetType" | "actorId" | "customerId", string>>;

export const AUDIT_TARGET_TYPES = ["site", "ticket", "upsell", "apiKey"] as const;

/** The URL's filters, the record type checked against its list (the page and its loader). */
export function auditFilters(search: AuditFilters): AuditFilters {
  return {
    targetType: (AUDIT_TARGET_TYPES as readonly string[]).includes(search.targetType ?? "")
      ? search.targetType
      : undefined,
    customerId: search.customerId,
    actorId: search.actorId,
  };
}

export const auditLogQuery = (filters: AuditFilters) =>
  pages([STAFF_PATH, "audit-log", filters], async (cursor) =>
    auditLogPageSchema.parse(
      await apiJson("GET", `${STAFF_PATH}/audit-log${queryString({ ...filters, cursor })}`),
    ),
  );

/** Answers the lifecycle fields only: the caller refreshes the console for the full view. */
export const updateSite = async (userId: string, siteId: string, update: StaffSiteUpdate) =>
  staffSiteLifecycleSchema.parse(
    await apiJson("PATCH", `${customerPath(userId)}/sites/${encodeURIComponent(siteId)}`, update),
  );

export const replyToTicket = async (
  userId: string,
  ticketId: string,
  body: { message: string; isInternal: boolean },
) =>
  staffTicketMessageSchema.parse(
    await apiJson("POST", `${ticketPath(userId, ticketId)}/messages`, body),
  );

export const updateTicket = async (userId: string, ticketId: string, update: StaffTicketUpdate) =>
  staffTicketThreadSchema.shape.ticket.parse(
    await apiJson("PATCH", ticketPath(userId, ticketId), update),
  );

export const updateUpsell = async (
  userId: string,
  upsellId: string,
  workStatus: "started" | "done",
) =>
  staffUpsellSchema.parse(
    await apiJson("PATCH", `${customerPath(userId)}/upsells/${encodeURIComponent(upsellId)}`, {
      workStatus,
    }),
  );

/**
 * After any staff write: every console list may show the changed record (a ticket in the
 * inbox and on its customer's page, a site in the requests list), and each is one cheap Query.
 */
export function refreshConsole(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [STAFF_PATH] });
}
