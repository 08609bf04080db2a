/** GET /api/tickets/{id}: one of the caller's tickets with its conversation. */
import * as z from "@portal/core/contracts/zod";
import * as Tickets from "@portal/core/tickets/index";
import { api } from "../handler";

export const handler = api({ params: z.object({ id: z.string() }) }, ({ identity, params }) =>
  Tickets.getThread(identity.userId, params.id),
);
