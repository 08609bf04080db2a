/** POST /api/sites/{id}/verify-domain: checks the records with real DNS look-ups. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
// The domains module, not the sites barrel: the barrel brings erasure and its adapters along.
import * as Domains from "@portal/core/sites/domains";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Domains.verifyDomain(identity.userId, params.id),
);
