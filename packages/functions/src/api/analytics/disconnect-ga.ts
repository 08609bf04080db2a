/** POST /api/analytics/disconnect-ga: forgets the stored tracking ID. First-party figures stay. */

import * as Settings from "@portal/core/analytics/settings";
import { contracts } from "@portal/core/contracts/api-areas/analytics";
import { api } from "../handler";
import { scriptUrl } from "./script-url";

export const handler = api("POST /api/analytics/disconnect-ga", contracts, async ({ actor }) => ({
  ...(await Settings.disconnect(actor.accountId)),
  scriptUrl: scriptUrl(),
}));
