/** POST /api/analytics/connect-ga {trackingId}: format-checked (GA4 or UA), stored on the user. */

import * as Settings from "@portal/core/analytics/settings";
import { contracts } from "@portal/core/contracts/api-areas/analytics";
import { api } from "../handler";
import { scriptUrl } from "./script-url";

export const handler = api(
  "POST /api/analytics/connect-ga",
  contracts,
  async ({ actor, body }) => ({
    ...(await Settings.connect(actor.accountId, body.trackingId)),
    scriptUrl: scriptUrl(),
  }),
);
