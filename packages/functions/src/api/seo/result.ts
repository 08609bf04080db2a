/** GET /api/seo/results/{id}: one of the caller's SEO runs (the page polls it while it runs). */
import * as Audits from "@portal/core/audits/requests";
import * as z from "@portal/core/contracts/zod";
import { api } from "../handler";

export const handler = api({ params: z.object({ id: z.string() }) }, ({ identity, params }) =>
  Audits.getSeo(identity.userId, params.id),
);
