/** POST /api/tickets/{id}/messages: the customer replies; answers with the updated thread. */
import { ticketReplyRequestSchema } from "@portal/core/contracts/tickets";
import * as z from "@portal/core/contracts/zod";
import * as Tickets from "@portal/core/tickets/index";
import { api, response } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }), body: ticketReplyRequestSchema },
  async ({ identity, params, body }) =>
    response({
      status: 201,
      body: await Tickets.reply(identity.userId, params.id, body.message, body.attachments),
    }),
);
