/** POST /api/lighthouse/analyze: queues a Lighthouse run (mobile unless asked) and answers 202. */
import * as Audits from "@portal/core/audits/requests";
import { lighthouseAnalyzeRequestSchema } from "@portal/core/contracts/audit-jobs";
import { api, response } from "../handler";

export const handler = api({ body: lighthouseAnalyzeRequestSchema }, async ({ identity, body }) =>
  response({ status: 202, body: await Audits.requestLighthouse(identity.userId, body) }),
);
