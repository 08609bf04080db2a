/** GET /api/staff/upsells: bought upgrades to deliver, oldest first. */
import { contracts } from "@portal/core/contracts/api-areas/staff";
import * as Upsells from "@portal/core/staff/upsells";
import { api } from "../handler";

export const handler = api("GET /api/staff/upsells", contracts, ({ query }) =>
  Upsells.list(query.cursor),
);
