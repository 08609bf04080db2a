/** PATCH /api/developer/webhooks/{id}: URL, events, or on/off (on again clears the failures). */
import { webhookSchema, webhookUpdateSchema } from "@portal/core/contracts/developer";
import * as z from "@portal/core/contracts/zod";
import * as Webhooks from "@portal/core/developer/webhook-registration";
import { api } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }), body: webhookUpdateSchema, response: webhookSchema },
  ({ identity, params, body }) => Webhooks.update(identity.userId, params.id, body),
);
