/** POST /api/seo/analyze: queues an SEO analysis of a URL and answers 202 with the job. */
import * as Audits from "@portal/core/audits/requests";
import { seoAnalyzeRequestSchema } from "@portal/core/contracts/audit-jobs";
import { api, response } from "../handler";

export const handler = api({ body: seoAnalyzeRequestSchema }, async ({ identity, body }) =>
  response({ status: 202, body: await Audits.requestSeo(identity.userId, body) }),
);
