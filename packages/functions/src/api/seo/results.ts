/** GET /api/seo/results: the caller's SEO runs, newest first, queued, running and failed included. */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("GET /api/seo/results", contracts, ({ actor }) =>
  Audits.listSeo(actor.accountId),
);
