/** POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver: sends it again (202). */
import { webhookQueuedSchema } from "@portal/core/contracts/developer";
import * as z from "@portal/core/contracts/zod";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api, response } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string(), deliveryId: z.string() }), response: webhookQueuedSchema },
  async ({ identity, params }) =>
    response({
      status: 202,
      body: await Webhooks.redeliver(identity.userId, params.id, params.deliveryId),
    }),
);
