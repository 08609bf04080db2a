/** POST /api/staff/customers/{userId}/tickets/{ticketId}/messages: a reply or an internal note. */
import { asStaff } from "@portal/core/access/actor";
import { staffReplySchema, staffTicketParamsSchema } from "@portal/core/contracts/staff";
import * as Tickets from "@portal/core/staff/tickets";
import { api, response } from "../handler";

export const handler = api(
  { params: staffTicketParamsSchema, body: staffReplySchema },
  async ({ actor, params, body }) =>
    response({
      status: 201,
      body: await Tickets.reply(asStaff(actor), params.userId, params.ticketId, body),
    }),
);
