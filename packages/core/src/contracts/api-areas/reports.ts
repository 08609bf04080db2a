/** The monthly care report (docs/reports.md): its months, the report and its PDF. The routes' contracts (contracts/api.ts). */
import {
  reportMonthsSchema,
  reportParamsSchema,
  reportPdfQueuedSchema,
  reportPdfSchema,
  reportViewSchema,
} from "../reports";
import { siteIdParamsSchema } from "../sites";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/sites/{id}/reports": { params: siteIdParamsSchema, response: reportMonthsSchema },
  "GET /api/sites/{id}/reports/{month}": { params: reportParamsSchema, response: reportViewSchema },
  "GET /api/sites/{id}/reports/{month}/pdf": {
    params: reportParamsSchema,
    response: reportPdfSchema,
  },
  "POST /api/sites/{id}/reports/{month}/pdf": {
    params: reportParamsSchema,
    response: reportPdfQueuedSchema,
  },
} as const satisfies Record<string, RouteContract>;
