/** GET /api/staff/tickets: every customer's tickets of one status, oldest first, filtered. */
import { staffInboxQuerySchema } from "@portal/core/contracts/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api({ query: staffInboxQuerySchema }, ({ query, actor }) =>
  Tickets.inbox(query, actor.userId),
);
