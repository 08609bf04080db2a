/** Draft review: a site's review rounds, approval and change requests. The routes' contracts (contracts/api.ts). */
import {
  reviewChangesRequestSchema,
  reviewRoundParamsSchema,
  reviewRoundSchema,
  siteReviewSchema,
} from "../review";
import type { RouteContract } from "./index";
import { idParams } from "./params";

export const contracts = {
  "GET /api/sites/{id}/review": { params: idParams, response: siteReviewSchema },
  "POST /api/sites/{id}/review/rounds/{round}/approve": {
    params: reviewRoundParamsSchema,
    response: reviewRoundSchema,
  },
  "POST /api/sites/{id}/review/rounds/{round}/changes": {
    params: reviewRoundParamsSchema,
    body: reviewChangesRequestSchema,
    response: reviewRoundSchema,
  },
} as const satisfies Record<string, RouteContract>;
