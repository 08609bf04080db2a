/** GET /api/account/export: the latest export of the caller's data, and a fresh download link. */
import { dataExportStatusSchema } from "@portal/core/contracts/privacy";
import * as ExportStatus from "@portal/core/privacy/export-status";
import { api } from "../handler";

export const handler = api({ response: dataExportStatusSchema }, async ({ identity }) => ({
  export: await ExportStatus.status(identity.userId),
}));
