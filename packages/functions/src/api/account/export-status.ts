/** GET /api/account/export: the latest export of the caller's data, and a fresh download link. */
import { dataExportStatusSchema } from "@portal/core/contracts/privacy";
import * as Export from "@portal/core/privacy/export";
import { api } from "../handler";

export const handler = api({ response: dataExportStatusSchema }, async ({ identity }) => ({
  export: await Export.status(identity.userId),
}));
