/** GET /api/tickets: the caller's support tickets, newest first. */
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Tickets.list(identity.userId));
