/**
 * Custom domain → the customer and site holding it. Keyed by the domain alone, so a
 * conditional create is what keeps two customers from claiming one domain; it is also the
 * domain → site lookup. Until verified, a claim carries the token its TXT record must hold
 * and lapses at `expiresAt` (docs/domains.md).
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model } from "./common";

export const DomainClaim = lazyEntity({
  model: model("domainClaim"),
  attributes: {
    /** Lower-case hostname without scheme, port, path or trailing dot (the caller normalises). */
    domain: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /**
     * Random, per claim: the TXT record `_portal-verify.<domain>` must hold
     * `portal-verify=<token>`. A new claim (or a lapsed one taken up again) gets a new one.
     * Absent on claims stored before ownership checks.
     */
    token: { type: "string" },
    /** ISO time after which an unverified claim no longer holds the domain. */
    expiresAt: { type: "string" },
    /** ISO time the claim was verified (TXT token and pointing records); it then never lapses. */
    verifiedAt: { type: "string" },
    createdAt,
  },
  indexes: {
    byDomain: {
      pk: { field: "pk", composite: ["domain"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type DomainClaimItem = EntityItem<EntityOf<typeof DomainClaim>>;
