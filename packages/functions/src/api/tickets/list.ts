/** GET /api/tickets: the caller's support tickets, newest first. */
import { contracts } from "@portal/core/contracts/api-areas/tickets";
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api("GET /api/tickets", contracts, ({ actor }) =>
  Tickets.list(actor.accountId),
);
