/** GET /api/activities: the caller's activity feed, newest first (?limit=1..100, default 50). */
import * as Activities from "@portal/core/activities/index";
import { activityListQuerySchema } from "@portal/core/contracts/dashboard";
import { api } from "../handler";

export const handler = api({ query: activityListQuerySchema }, ({ identity, query }) =>
  Activities.listRecent(identity.userId, query.limit),
);
