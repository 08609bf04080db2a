/** POST /api/staff/customers/{userId}/tickets/{ticketId}/messages: a reply or an internal note. */

import { asStaff } from "@portal/core/access/actor";
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api } from "../handler";

export const handler = api(
  "POST /api/staff/customers/{userId}/tickets/{ticketId}/messages",
  contracts,
  ({ actor, params, body }) => Tickets.reply(asStaff(actor), params.userId, params.ticketId, body),
);
