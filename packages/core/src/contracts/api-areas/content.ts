/** The customer's content files. The routes' contracts (contracts/api.ts). */
import {
  confirmUploadRequestSchema,
  contentFileSchema,
  contentListQuerySchema,
  contentListSchema,
  createUploadRequestSchema,
  fileIdParamsSchema,
  presignedUploadSchema,
} from "../content";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/content/files": { query: contentListQuerySchema, response: contentListSchema },
  "GET /api/content/files/{id}": { params: fileIdParamsSchema, response: contentFileSchema },
  "POST /api/content/uploads": {
    status: 201,
    body: createUploadRequestSchema,
    response: presignedUploadSchema,
  },
  "POST /api/content/files/{id}/confirm": {
    params: fileIdParamsSchema,
    body: confirmUploadRequestSchema,
    response: contentFileSchema,
  },
  "DELETE /api/content/files/{id}": { params: fileIdParamsSchema, response: null },
} as const satisfies Record<string, RouteContract>;
