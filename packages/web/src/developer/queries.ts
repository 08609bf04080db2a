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

/** The parts of the OpenAPI document (/openapi.json) the API reference page shows. */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  maxLength?: number;
  minLength?: number;
};
export interface Operation {
  summary: string;
  description: string;
  tags: string[];
  "x-api-key-access": "read" | "write" | "none";
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<
    string,
    { description: string; content?: { "application/json": { schema: Schema } } }
  >;
}
export interface OpenApi {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** The OpenAPI 3.1 document the build makes from the contracts: a static file, no session. */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ["/openapi.json"],
    queryFn: async (): Promise<OpenApi> => {
      const response = await fetch("/openapi.json");
      if (!response.ok) throw new Error(`${response.status}`);
      return response.json();
    },
    staleTime: Number.POSITIVE_INFINITY,
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
