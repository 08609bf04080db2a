/** GET /api/seo/results/{id}: one of the caller's SEO runs (the page polls it while it runs). */

import * as Audits from "@portal/core/audits/requests";
import { contracts } from "@portal/core/contracts/api-areas/audits";
import { api } from "../handler";

export const handler = api("GET /api/seo/results/{id}", contracts, ({ actor, params }) =>
  Audits.getSeo(actor.accountId, params.id),
);
