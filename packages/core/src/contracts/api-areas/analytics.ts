/** Traffic analytics and the Google Analytics connection. The routes' contracts (contracts/api.ts). */
import {
  analyticsDataQuerySchema,
  analyticsDataSchema,
  analyticsSettingsSchema,
  connectGaRequestSchema,
} from "../analytics";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/analytics/settings": { response: analyticsSettingsSchema },
  "POST /api/analytics/connect-ga": {
    body: connectGaRequestSchema,
    response: analyticsSettingsSchema,
  },
  "POST /api/analytics/disconnect-ga": { response: analyticsSettingsSchema },
  "GET /api/analytics/data": { query: analyticsDataQuerySchema, response: analyticsDataSchema },
} as const satisfies Record<string, RouteContract>;
