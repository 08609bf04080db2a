/**
 * Custom domain → the customer and site holding it. Keyed by the domain alone, so a
 * conditional create is what keeps two customers from claiming one domain; it is also the
 * domain → site lookup.
 */
import { Entity, type EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, model } from "./common";

export const DomainClaim = new Entity({
  model: model("domainClaim"),
  attributes: {
    /** Lower-case hostname without scheme, port, path or trailing dot (the caller normalises). */
    domain: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byDomain: {
      pk: { field: "pk", composite: ["domain"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type DomainClaimItem = EntityItem<typeof DomainClaim>;
