/** GET /api/developer/webhooks/{id}/deliveries: the endpoint's delivery log, newest first. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api(
  "GET /api/developer/webhooks/{id}/deliveries",
  contracts,
  ({ actor, params }) => Webhooks.deliveries(actor.accountId, params.id),
);
