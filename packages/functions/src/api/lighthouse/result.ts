/** GET /api/lighthouse/results/{id}: one of the caller's Lighthouse runs (polled while it runs). */
import * as Audits from "@portal/core/audits/requests";
import * as z from "@portal/core/contracts/zod";
import { api } from "../handler";

export const handler = api({ params: z.object({ id: z.string() }) }, ({ identity, params }) =>
  Audits.getLighthouse(identity.userId, params.id),
);
