/** PATCH /api/staff/customers/{userId}/tickets/{ticketId}: status, priority, assignee, notes. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/staff/customers/{userId}/tickets/{ticketId}",
  contracts,
  ({ actor, params, body }) => Tickets.update(asStaff(actor), params.userId, params.ticketId, body),
);
