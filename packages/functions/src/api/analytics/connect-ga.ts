/** POST /api/analytics/connect-ga {trackingId}: format-checked (GA4 or UA), stored on the user. */
import * as Settings from "@portal/core/analytics/settings";
import { connectGaRequestSchema } from "@portal/core/contracts/analytics";
import { api } from "../handler";
import { scriptUrl } from "./script-url";

export const handler = api({ body: connectGaRequestSchema }, async ({ identity, body }) => ({
  ...(await Settings.connect(identity.userId, body.trackingId)),
  scriptUrl: scriptUrl(),
}));
