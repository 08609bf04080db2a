/** GET /api/activities: the caller's activity feed, newest first (?limit=1..100, default 50). */

import * as Activities from "@portal/core/activities/index";
import { contracts } from "@portal/core/contracts/api-areas/dashboard";
import { api } from "../handler";

export const handler = api("GET /api/activities", contracts, ({ actor, query }) =>
  Activities.listRecent(actor.accountId, query.limit),
);
