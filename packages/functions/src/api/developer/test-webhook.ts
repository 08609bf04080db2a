/** POST /api/developer/webhooks/{id}/test: queues a `webhook.test` message (202). */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api(
  "POST /api/developer/webhooks/{id}/test",
  contracts,
  ({ identity, params }) => Webhooks.sendTest(identity.userId, params.id),
);
