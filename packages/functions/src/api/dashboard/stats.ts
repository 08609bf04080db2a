/** GET /api/dashboard/stats: the dashboard's four stat cards for the caller. */
import { contracts } from "@portal/core/contracts/api-areas/dashboard";
import * as Dashboard from "@portal/core/dashboard/index";
import { api } from "../handler";

export const handler = api("GET /api/dashboard/stats", contracts, ({ actor }) =>
  Dashboard.getStats(actor.accountId),
);
