/** GET /api/developer/webhooks: the caller's webhook endpoints (never their secrets). */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api("GET /api/developer/webhooks", contracts, ({ actor }) =>
  Webhooks.list(actor.accountId),
);
