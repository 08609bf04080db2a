/** GET /api/staff/tickets: every customer's tickets of one status, oldest first, filtered. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api("GET /api/staff/tickets", contracts, ({ query, actor }) =>
  Tickets.inbox(query, actor.userId),
);
