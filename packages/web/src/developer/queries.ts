/**
 * Query options and calls of the Developer section (docs/developer-api.md), each through the
 * typed `call()` (api/call.ts), keyed by `apiKey()`.
 */
import type { ApiKeyCreate, WebhookCreate, WebhookUpdate } from "@portal/core/contracts/developer";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

export const apiKeysKey = apiKey("GET /api/developer/keys");
export const webhooksKey = apiKey("GET /api/developer/webhooks");

export const apiKeysQuery = () =>
  queryOptions({ queryKey: apiKeysKey, queryFn: () => call("GET /api/developer/keys") });

export const webhooksQuery = () =>
  queryOptions({ queryKey: webhooksKey, queryFn: () => call("GET /api/developer/webhooks") });

/** The log refreshes while it is open: deliveries land as the queue works through them. */
export const deliveriesQuery = (webhookId: string) => {
  const input = { params: { id: webhookId } };
  return queryOptions({
    queryKey: apiKey("GET /api/developer/webhooks/{id}/deliveries", input),
    queryFn: () => call("GET /api/developer/webhooks/{id}/deliveries", input),
    refetchInterval: 3000,
  });
};

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
  /** Keyed by media type: JSON for most routes, text for pages and scripts. */
  requestBody?: { content: Partial<Record<string, { schema?: Schema }>> };
  responses: Record<
    string,
    { description: string; content?: Partial<Record<string, { schema?: Schema }>> }
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

export const createKey = (input: ApiKeyCreate) => call("POST /api/developer/keys", { body: input });
export const revokeKey = (id: string) =>
  call("DELETE /api/developer/keys/{id}", { params: { id } });

export const createWebhook = (input: WebhookCreate) =>
  call("POST /api/developer/webhooks", { body: input });
export const updateWebhook = (id: string, patch: WebhookUpdate) =>
  call("PATCH /api/developer/webhooks/{id}", { params: { id }, body: patch });
export const deleteWebhook = (id: string) =>
  call("DELETE /api/developer/webhooks/{id}", { params: { id } });
export const sendTestEvent = (id: string) =>
  call("POST /api/developer/webhooks/{id}/test", { params: { id } });
export const redeliver = (id: string, deliveryId: string) =>
  call("POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver", {
    params: { id, deliveryId },
  });
