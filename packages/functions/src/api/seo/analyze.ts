/** POST /api/seo/analyze: queues an SEO analysis of a URL and answers 202 with the job. */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("POST /api/seo/analyze", contracts, ({ actor, body }) =>
  Audits.requestSeo(actor.accountId, body),
);
