/** POST /api/account/export: queues an export of the caller's data (one at a time: else 429). */
import { contracts } from "@portal/core/contracts/api-areas/account";
import * as ExportRequest from "@portal/core/privacy/export-request";
import { api } from "../handler";

export const handler = api("POST /api/account/export", contracts, ({ actor }) =>
  ExportRequest.request(actor.accountId),
);
