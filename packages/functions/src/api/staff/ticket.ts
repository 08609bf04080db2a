/** GET /api/staff/customers/{userId}/tickets/{ticketId}: the thread, internal notes included. */
import { staffTicketParamsSchema } from "@portal/core/contracts/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api({ params: staffTicketParamsSchema }, ({ params }) =>
  Tickets.thread(params.userId, params.ticketId),
);
