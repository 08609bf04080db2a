/** PATCH /api/staff/customers/{userId}/tickets/{ticketId}: status, priority, assignee, notes. */
import { asStaff } from "@portal/core/access/actor";
import { staffTicketParamsSchema, staffTicketUpdateSchema } from "@portal/core/contracts/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api(
  { params: staffTicketParamsSchema, body: staffTicketUpdateSchema },
  ({ actor, params, body }) => Tickets.update(asStaff(actor), params.userId, params.ticketId, body),
);
