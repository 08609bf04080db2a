/** POST /api/tickets: opens a support ticket (from the dashboard or the Support Center form). */
import { contracts } from "@portal/core/contracts/api-areas/tickets";
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api("POST /api/tickets", contracts, ({ actor, body }) =>
  Tickets.create(actor.accountId, body, actor.userId),
);
