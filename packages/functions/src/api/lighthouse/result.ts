/** GET /api/lighthouse/results/{id}: one of the caller's Lighthouse runs (polled while it runs). */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("GET /api/lighthouse/results/{id}", contracts, ({ actor, params }) =>
  Audits.getLighthouse(actor.accountId, params.id),
);
