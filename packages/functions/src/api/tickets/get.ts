/** GET /api/tickets/{id}: one of the caller's tickets with its conversation. */
import { contracts } from "@portal/core/contracts/api-areas/tickets";
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api("GET /api/tickets/{id}", contracts, ({ actor, params }) =>
  Tickets.getThread(actor.accountId, params.id),
);
