/** GET /api/staff/customers/{userId}/tickets/{ticketId}: the thread, internal notes included. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api(
  "GET /api/staff/customers/{userId}/tickets/{ticketId}",
  contracts,
  ({ params }) => Tickets.thread(params.userId, params.ticketId),
);
