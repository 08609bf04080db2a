/** GET /api/dashboard/stats: the dashboard's four stat cards for the caller. */
import * as Dashboard from "@portal/core/dashboard/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Dashboard.getStats(identity.userId));
