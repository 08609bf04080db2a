/** POST /api/developer/webhooks/{id}/test: queues a `webhook.test` message (202). */
import { webhookQueuedSchema } from "@portal/core/contracts/developer";
import * as z from "@portal/core/contracts/zod";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api, response } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }), response: webhookQueuedSchema },
  async ({ identity, params }) =>
    response({ status: 202, body: await Webhooks.sendTest(identity.userId, params.id) }),
);
