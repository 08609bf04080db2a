/** GET /api/developer/webhooks: the caller's webhook endpoints (never their secrets). */
import { webhookListSchema } from "@portal/core/contracts/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api({ response: webhookListSchema }, ({ identity }) =>
  Webhooks.list(identity.userId),
);
