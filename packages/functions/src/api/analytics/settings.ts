/** GET /api/analytics/settings: whether a Google Analytics ID is connected, and the snippet's script URL. */

import * as Settings from "@portal/core/analytics/settings";
import { contracts } from "@portal/core/contracts/api-areas/analytics";
import { api } from "../handler";
import { scriptUrl } from "./script-url";

export const handler = api("GET /api/analytics/settings", contracts, async ({ actor }) => ({
  ...(await Settings.getSettings(actor.accountId)),
  scriptUrl: scriptUrl(),
}));
