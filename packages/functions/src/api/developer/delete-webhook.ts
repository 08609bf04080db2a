/** DELETE /api/developer/webhooks/{id}: removes the endpoint and its delivery log. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-endpoints";
import { api } from "../handler";

export const handler = api(
  "DELETE /api/developer/webhooks/{id}",
  contracts,
  async ({ actor, params }) => {
    await Webhooks.remove(actor.accountId, params.id);
  },
);
