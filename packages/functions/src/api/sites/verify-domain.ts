/** POST /api/sites/{id}/verify-domain: checks the records with real DNS look-ups. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
// The domains module, not the sites barrel: the barrel brings erasure and its adapters along.
import * as Domains from "@portal/core/sites/domains";
import { api } from "../handler";

export const handler = api(
  "POST /api/sites/{id}/verify-domain",
  contracts,
  ({ identity, params }) => Domains.verifyDomain(identity.userId, params.id),
);
