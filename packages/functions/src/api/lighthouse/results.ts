/** GET /api/lighthouse/results: the caller's Lighthouse runs, newest first, whatever their status. */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("GET /api/lighthouse/results", contracts, ({ actor }) =>
  Audits.listLighthouse(actor.accountId),
);
