/**
 * Query options and calls of the Developer section (docs/developer-api.md). Keys are API paths,
 * as everywhere in the SPA.
 */
import {
  type ApiKeyCreate,
  type ApiKeyCreated,
  apiKeyListSchema,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookUpdate,
  webhookDeliveryListSchema,
  webhookListSchema,
} from "@portal/core/contracts/developer";
import { queryOptions } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../api/client";

export const KEYS_PATH = "/api/developer/keys";
export const WEBHOOKS_PATH = "/api/developer/webhooks";
const webhookPath = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: [KEYS_PATH],
    queryFn: async () => apiKeyListSchema.parse(await apiJson("GET", KEYS_PATH)),
  });

export const webhooksQuery = () =>
  queryOptions({
    queryKey: [WEBHOOKS_PATH],
    queryFn: async () => webhookListSchema.parse(await apiJson("GET", WEBHOOKS_PATH)),
  });

export const deliveriesPath = (webhookId: string) => `${webhookPath(webhookId)}/deliveries`;

/** The log refreshes while it is open: deliveries land as the queue works through them. */
export const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: [deliveriesPath(webhookId)],
    queryFn: async () =>
      webhookDeliveryListSchema.parse(await apiJson("GET", deliveriesPath(webhookId))),
    refetchInterval: 3000,
  });

export const createKey = (input: ApiKeyCreate) => apiJson<ApiKeyCreated>("POST", KEYS_PATH, input);
export const revokeKey = (id: string) =>
  apiJson("DELETE", `${KEYS_PATH}/${encodeURIComponent(id)}`);

export const createWebhook = (input: WebhookCreate) =>
  apiJson<WebhookCreated>("POST", WEBHOOKS_PATH, input);
export const updateWebhook = (id: string, patch: WebhookUpdate) =>
  apiJson<Webhook>("PATCH", webhookPath(id), patch);
export const deleteWebhook = async (id: string) => {
  await apiRequest("DELETE", webhookPath(id));
};
export const sendTestEvent = (id: string) => apiJson("POST", `${webhookPath(id)}/test`);
export const redeliver = (id: string, deliveryId: string) =>
  apiJson("POST", `${webhookPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);
