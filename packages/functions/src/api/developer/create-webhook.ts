/** POST /api/developer/webhooks: registers an endpoint; its signing secret is shown this once. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as Webhooks from "@portal/core/developer/webhook-registration";
import { api } from "../handler";

export const handler = api("POST /api/developer/webhooks", contracts, ({ actor, body }) =>
  Webhooks.create(actor.accountId, body),
);
