/** GET /api/developer/webhooks/{id}/deliveries: the endpoint's delivery log, newest first. */
import { webhookDeliveryListSchema } from "@portal/core/contracts/developer";
import * as z from "@portal/core/contracts/zod";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }), response: webhookDeliveryListSchema },
  ({ identity, params }) => Webhooks.deliveries(identity.userId, params.id),
);
