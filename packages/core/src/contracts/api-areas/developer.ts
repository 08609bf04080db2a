/** API keys and outgoing webhooks. The routes' contracts (contracts/api.ts). */
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeySchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookQueuedSchema,
  webhookSchema,
  webhookUpdateSchema,
} from "../developer";
import * as z from "../zod";
import type { RouteContract } from "./index";
import { idParams } from "./params";

export const contracts = {
  "GET /api/developer/keys": { response: apiKeyListSchema },
  "POST /api/developer/keys": {
    status: 201,
    body: apiKeyCreateSchema,
    response: apiKeyCreatedSchema,
  },
  "DELETE /api/developer/keys/{id}": { params: idParams, response: apiKeySchema },
  "GET /api/developer/webhooks": { response: webhookListSchema },
  "POST /api/developer/webhooks": {
    status: 201,
    body: webhookCreateSchema,
    response: webhookCreatedSchema,
  },
  "PATCH /api/developer/webhooks/{id}": {
    params: idParams,
    body: webhookUpdateSchema,
    response: webhookSchema,
  },
  "DELETE /api/developer/webhooks/{id}": { params: idParams, response: null },
  "POST /api/developer/webhooks/{id}/test": {
    status: 202,
    params: idParams,
    response: webhookQueuedSchema,
  },
  "GET /api/developer/webhooks/{id}/deliveries": {
    params: idParams,
    response: webhookDeliveryListSchema,
  },
  "POST /api/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    status: 202,
    params: z.object({ id: z.string(), deliveryId: z.string() }),
    response: webhookQueuedSchema,
  },
} as const satisfies Record<string, RouteContract>;
