/** POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver: sends it again (202). */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api(
  "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  contracts,
  ({ actor, params }) => Webhooks.redeliver(actor.accountId, params.id, params.deliveryId),
);
