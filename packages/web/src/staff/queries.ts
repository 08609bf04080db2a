/**
 * The provider console's reads and writes (/api/staff/..., docs/console.md), each through the
 * typed `call()` (api/call.ts): every answer is parsed with its route's contract, so a console
 * page never renders a shape it did not expect. Keys are `apiKey(route, input)`.
 */

import type { StaffSiteUpdate, StaffTicketUpdate } from "@portal/core/contracts/staff";
import {
  ticketCategorySchema,
  ticketPrioritySchema,
  ticketStatusSchema,
} from "@portal/core/contracts/tickets";
import { STAFF_TARGET_TYPES } from "@portal/core/staff/enums";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiKey, type CallInput, call } from "../api/call";

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
  pages(apiKey("GET /api/staff/requests"), (cursor) =>
    call("GET /api/staff/requests", { query: { cursor } }),
  );

export const customersQuery = (q: string) =>
  pages(apiKey("GET /api/staff/customers", { query: { q } }), (cursor) =>
    call("GET /api/staff/customers", { query: { q, cursor } }),
  );

export const customerQuery = (userId: string) => {
  const input = { params: { userId } };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}", input),
    queryFn: () => call("GET /api/staff/customers/{userId}", input),
  });
};

type InboxQuery = NonNullable<CallInput<"GET /api/staff/tickets">["query"]>;

/** The inbox's query without its cursor; a status always (open unless the URL says). */
export type InboxFilters = Omit<InboxQuery, "cursor" | "status"> & {
  status: NonNullable<InboxQuery["status"]>;
};

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
  pages(apiKey("GET /api/staff/tickets", { query: filters }), (cursor) =>
    call("GET /api/staff/tickets", { query: { ...filters, cursor } }),
  );

export const ticketQuery = (userId: string, ticketId: string) => {
  const input = { params: { userId, ticketId } };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}/tickets/{ticketId}", input),
    queryFn: () => call("GET /api/staff/customers/{userId}/tickets/{ticketId}", input),
  });
};

export const upsellsQuery = () =>
  pages(apiKey("GET /api/staff/upsells"), (cursor) =>
    call("GET /api/staff/upsells", { query: { cursor } }),
  );

export type AuditFilters = Partial<Record<"targetType" | "actorId" | "customerId", string>>;

/** The record types the audit log filters by: core's list, not a copy. */
export const AUDIT_TARGET_TYPES = STAFF_TARGET_TYPES;

/** The URL's filters, the record type checked against its list (the page and its loader). */
export function auditFilters(
  search: AuditFilters,
): Omit<NonNullable<CallInput<"GET /api/staff/audit-log">["query"]>, "cursor"> {
  const targetType = AUDIT_TARGET_TYPES.find((type) => type === search.targetType);
  return {
    targetType,
    customerId: search.customerId,
    actorId: search.actorId,
  };
}

export const auditLogQuery = (filters: ReturnType<typeof auditFilters>) =>
  pages(apiKey("GET /api/staff/audit-log", { query: filters }), (cursor) =>
    call("GET /api/staff/audit-log", { query: { ...filters, cursor } }),
  );

/** Answers the lifecycle fields only: the caller refreshes the console for the full view. */
/** A customer's API keys on their console page (docs/console.md): never a key itself. */
export const customerApiKeysQuery = (userId: string) => {
  const input = { params: { userId } };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}/api-keys", input),
    queryFn: () => call("GET /api/staff/customers/{userId}/api-keys", input),
  });
};

/** The mail sent to a customer's account, newest first (docs/console.md, "Mail sent"). */
export const customerMailQuery = (userId: string) =>
  pages(apiKey("GET /api/staff/customers/{userId}/mail", { params: { userId } }), (cursor) =>
    call("GET /api/staff/customers/{userId}/mail", { params: { userId }, query: { cursor } }),
  );

/** Revokes one of a customer's API keys; the audit log records it. */
export const revokeCustomerApiKey = (userId: string, apiKeyId: string) =>
  call("DELETE /api/staff/customers/{userId}/api-keys/{apiKeyId}", {
    params: { userId, apiKeyId },
  });

/** Makes a person of an ownerless account its owner; the audit log records it (docs/team.md). */
export const appointOwner = (userId: string, memberId: string) =>
  call("POST /api/staff/customers/{userId}/owner", { params: { userId }, body: { memberId } });

export const updateSite = (userId: string, siteId: string, update: StaffSiteUpdate) =>
  call("PATCH /api/staff/customers/{userId}/sites/{siteId}", {
    params: { userId, siteId },
    body: update,
  });

export const replyToTicket = (
  userId: string,
  ticketId: string,
  body: { message: string; isInternal: boolean; attachments?: string[] },
) =>
  call("POST /api/staff/customers/{userId}/tickets/{ticketId}/messages", {
    params: { userId, ticketId },
    body,
  });

export const updateTicket = (userId: string, ticketId: string, update: StaffTicketUpdate) =>
  call("PATCH /api/staff/customers/{userId}/tickets/{ticketId}", {
    params: { userId, ticketId },
    body: update,
  });

export const updateUpsell = (userId: string, upsellId: string, workStatus: "started" | "done") =>
  call("PATCH /api/staff/customers/{userId}/upsells/{upsellId}", {
    params: { userId, upsellId },
    body: { workStatus },
  });

/**
 * After any staff write: every console list may show the changed record (a ticket in the
 * inbox and on its customer's page, a site in the requests list), and each is one cheap Query.
 */
export function refreshConsole(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => String(queryKey[0]).startsWith("GET /api/staff/"),
  });
}
