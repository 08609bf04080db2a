/** GET /api/staff/upsells: bought upgrades to deliver, oldest first. */
import { cursorQuerySchema } from "@portal/core/contracts/staff";
import * as Upsells from "@portal/core/staff/upsells";
import { api } from "../handler";

export const handler = api({ query: cursorQuerySchema }, ({ query }) => Upsells.list(query.cursor));
