/**
 * POST /api/sites/{id}/verify-domain: checks the records with real DNS look-ups, and attaches a
 * verified domain to the hosting (its tenant, certificate and routing entries).
 */
import { contracts } from "@portal/core/contracts/api-areas/sites";
// Not the sites barrel: the barrel brings erasure and its adapters along.
import { verifyAndAttach } from "@portal/core/sites/domain-attachment";
import { api } from "../handler";

export const handler = api("POST /api/sites/{id}/verify-domain", contracts, ({ actor, params }) =>
  verifyAndAttach(actor.accountId, params.id),
);
