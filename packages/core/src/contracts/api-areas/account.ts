/** The data export and deleting the account. The routes' contracts (contracts/api.ts). */
import {
  accountDeleteSchema,
  accountDeletionSchema,
  dataExportSchema,
  dataExportStatusSchema,
} from "../privacy";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/account/export": { response: dataExportStatusSchema },
  "POST /api/account/export": { status: 202, response: dataExportSchema },
  "DELETE /api/account": {
    status: 202,
    body: accountDeleteSchema,
    response: accountDeletionSchema,
  },
} as const satisfies Record<string, RouteContract>;
