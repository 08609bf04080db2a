/** POST /api/sites/{id}/verify-domain: checks the records with real DNS look-ups. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Sites.verifyDomain(identity.userId, params.id),
);
