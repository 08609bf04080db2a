/** POST /api/tickets/{id}/messages: the customer replies; answers with the updated thread. */
import { contracts } from "@portal/core/contracts/api-areas/tickets";
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api(
  "POST /api/tickets/{id}/messages",
  contracts,
  ({ actor, params, body }) =>
    Tickets.reply(actor.accountId, params.id, body.message, body.attachments, actor.userId),
);
