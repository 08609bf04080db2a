/**
 * Registering a webhook endpoint and changing one (docs/developer-api.md, "Outgoing webhooks"):
 * where it points is checked by the outbound guard before anything is stored, and a new one must
 * fit under the cap.
 */
import { assertPublicUrl, outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import {
  type WebhookCreate,
  type WebhookUpdate,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "../contracts/developer";
import { db, type WebhookItem } from "../db/service";
import { createWithin, type Quota } from "./quota";
import { newSigningSecret } from "./signature";
import { getItem, toWebhook } from "./webhook-endpoints";

/** An endpoint a customer may have, as Stripe allows 16. */
export const MAX_ENDPOINTS = 16;
const ENDPOINT_QUOTA: Quota = {
  counted: "webhooks",
  max: MAX_ENDPOINTS,
  countItems: async (userId) =>
    (
      await db.entities.webhook.query
        .byOwner({ userId })
        .go({ pages: "all", attributes: ["webhookId"] })
    ).data.length,
  fullMessage: `You can have at most ${MAX_ENDPOINTS} webhook endpoints.`,
};

/** The guard's verdict on where an endpoint points: refused before anything is stored. */
async function requireReachable(url: string) {
  await assertPublicUrl(url, { allowHosts: await outboundAllowHostsFromConfig() });
}

/** Registers an endpoint; the answer holds its signing secret, shown this once. */
export async function create(userId: string, input: WebhookCreate) {
  const { url, events, description } = webhookCreateSchema.parse(input);
  await requireReachable(url);
  const secret = newSigningSecret();
  const { data } = await createWithin(userId, ENDPOINT_QUOTA, () =>
    db.entities.webhook
      .create({ userId, url, events, secret, ...(description ? { description } : {}) })
      .go(),
  );
  return { secret, webhook: toWebhook(data as WebhookItem) };
}

/** Changes the URL or events, or turns the endpoint on or off (on again clears the failures). */
export async function update(userId: string, webhookId: string, input: WebhookUpdate) {
  const patch = webhookUpdateSchema.parse(input);
  await getItem(userId, webhookId);
  if (patch.url) await requireReachable(patch.url);
  const enabling = patch.isActive === true;
  const { data } = await db.entities.webhook
    .patch({ userId, webhookId })
    .set({ ...patch, ...(enabling ? { failureCount: 0 } : {}) })
    .remove(enabling ? ["disabledAt", "disabledReason"] : [])
    .go({ response: "all_new" });
  return toWebhook(data as WebhookItem);
}
