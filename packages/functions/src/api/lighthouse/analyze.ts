/** POST /api/lighthouse/analyze: queues a Lighthouse run (mobile unless asked) and answers 202. */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("POST /api/lighthouse/analyze", contracts, ({ actor, body }) =>
  Audits.requestLighthouse(actor.accountId, body),
);
