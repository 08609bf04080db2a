/** POST /api/tickets: opens a support ticket (from the dashboard or the Support Center form). */
import { createTicketRequestSchema } from "@portal/core/contracts/tickets";
import * as Tickets from "@portal/core/tickets/index";
import { api, response } from "../handler";

export const handler = api({ body: createTicketRequestSchema }, async ({ identity, body }) =>
  response({ status: 201, body: await Tickets.create(identity.userId, body) }),
);
