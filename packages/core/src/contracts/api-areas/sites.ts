/** A customer's sites: the list, settings, domains, screenshots and uptime. The routes' contracts (contracts/api.ts). */
import { siteUptimeSchema } from "../monitoring";
import {
  addDomainResponseSchema,
  addDomainSchema,
  refreshScreenshotResponseSchema,
  refreshScreenshotsResponseSchema,
  siteIdParamsSchema,
  siteListSchema,
  siteSchema,
  siteUpdateSchema,
  verifyDomainResponseSchema,
} from "../sites";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/sites": { response: siteListSchema },
  "GET /api/sites/{id}/uptime": { params: siteIdParamsSchema, response: siteUptimeSchema },
  "PATCH /api/sites/{id}": {
    params: siteIdParamsSchema,
    body: siteUpdateSchema,
    response: siteSchema,
  },
  "DELETE /api/sites/{id}": { params: siteIdParamsSchema, response: null },
  "POST /api/sites/{id}/domain": {
    params: siteIdParamsSchema,
    body: addDomainSchema,
    response: addDomainResponseSchema,
  },
  "POST /api/sites/{id}/verify-domain": {
    params: siteIdParamsSchema,
    response: verifyDomainResponseSchema,
  },
  "POST /api/sites/refresh-screenshots": { response: refreshScreenshotsResponseSchema },
  "POST /api/sites/{id}/screenshot": {
    params: siteIdParamsSchema,
    response: refreshScreenshotResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;
