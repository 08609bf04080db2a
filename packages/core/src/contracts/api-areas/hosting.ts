/** A site's deployments, the team's routes (docs/hosting.md "API"). Contracts: contracts/hosting.ts. */
import {
  deploymentCreateSchema,
  deploymentListSchema,
  deploymentParamsSchema,
  deploymentPublishSchema,
  deploymentSchema,
  deploymentUploadSchema,
} from "../hosting";
import { staffSiteParamsSchema } from "../staff";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments": {
    params: staffSiteParamsSchema,
    response: deploymentListSchema,
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments": {
    status: 201,
    params: staffSiteParamsSchema,
    body: deploymentCreateSchema,
    response: deploymentUploadSchema,
  },
  "GET /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}": {
    params: deploymentParamsSchema,
    response: deploymentSchema,
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/confirm": {
    status: 202,
    params: deploymentParamsSchema,
    response: deploymentSchema,
  },
  "POST /api/staff/customers/{userId}/sites/{siteId}/deployments/{deploymentId}/publish": {
    params: deploymentParamsSchema,
    body: deploymentPublishSchema,
    response: deploymentSchema,
  },
} as const satisfies Record<string, RouteContract>;
