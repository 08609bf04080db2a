/** PATCH /api/developer/webhooks/{id}: URL, events, or on/off (on again clears the failures). */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-registration";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/developer/webhooks/{id}",
  contracts,
  ({ actor, params, body }) => Webhooks.update(actor.accountId, params.id, body),
);
