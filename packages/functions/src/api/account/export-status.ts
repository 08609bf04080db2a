/** GET /api/account/export: the latest export of the caller's data, and a fresh download link. */
import { contracts } from "@portal/core/contracts/api-areas/account";
import * as ExportStatus from "@portal/core/privacy/export-status";
import { api } from "../handler";

export const handler = api("GET /api/account/export", contracts, async ({ actor }) => ({
  export: await ExportStatus.status(actor.accountId),
}));
