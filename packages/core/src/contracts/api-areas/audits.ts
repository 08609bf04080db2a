/** SEO and Lighthouse tests. The routes' contracts (contracts/api.ts). */
import {
  lighthouseAnalyzeRequestSchema,
  lighthouseJobListSchema,
  seoAnalyzeRequestSchema,
  seoJobListSchema,
  seoJobSchema,
  storedLighthouseJobSchema,
} from "../audit-jobs";
import type { RouteContract } from "./index";
import { idParams } from "./params";

export const contracts = {
  "POST /api/seo/analyze": { status: 202, body: seoAnalyzeRequestSchema, response: seoJobSchema },
  "GET /api/seo/results": { response: seoJobListSchema },
  "GET /api/seo/results/{id}": { params: idParams, response: seoJobSchema },
  "POST /api/lighthouse/analyze": {
    status: 202,
    body: lighthouseAnalyzeRequestSchema,
    response: storedLighthouseJobSchema,
  },
  "GET /api/lighthouse/results": { response: lighthouseJobListSchema },
  "GET /api/lighthouse/results/{id}": { params: idParams, response: storedLighthouseJobSchema },
} as const satisfies Record<string, RouteContract>;
