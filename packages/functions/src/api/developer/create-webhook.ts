/** POST /api/developer/webhooks: registers an endpoint; its signing secret is shown this once. */
import { webhookCreatedSchema, webhookCreateSchema } from "@portal/core/contracts/developer";
import * as Webhooks from "@portal/core/developer/webhook-registration";
import { api, response } from "../handler";

export const handler = api(
  { body: webhookCreateSchema, response: webhookCreatedSchema },
  async ({ identity, body }) =>
    response({ status: 201, body: await Webhooks.create(identity.userId, body) }),
);
