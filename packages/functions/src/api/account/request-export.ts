/** POST /api/account/export: queues an export of the caller's data (one at a time: else 429). */
import { dataExportSchema } from "@portal/core/contracts/privacy";
import * as ExportRequest from "@portal/core/privacy/export-request";
import { api, response } from "../handler";

export const handler = api({ response: dataExportSchema }, async ({ identity }) =>
  response({ status: 202, body: await ExportRequest.request(identity.userId) }),
);
