/** GET /api/developer/webhooks: the caller's webhook endpoints (never their secrets). */
import * as Webhooks from "@portal/core/developer/webhooks";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Webhooks.list(identity.userId));
