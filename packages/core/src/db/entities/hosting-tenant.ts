/**
 * A custom domain attached to the hosting (docs/hosting.md "Custom domains over HTTPS"): its
 * CloudFront distribution tenant and where the tenant's managed certificate stands. All in one
 * partition, by domain, so the hourly check reads them with one Query; CloudFront allows
 * 10,000 tenants per account, far below a partition's limits.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model, stringList } from "./common";

export const CERTIFICATE_STATES = ["waiting_dns", "issuing", "active", "failed"] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const HostingTenant = lazyEntity({
  model: model("hostingTenant"),
  attributes: {
    /** The verified domain: the name that serves the site. */
    domain: { type: "string", required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** Every name of the tenant: the domain, then its www/apex partner (which redirects). */
    names: { ...stringList, required: true, readOnly: true },
    /** CloudFront's id (dt_…), once the tenant is made. */
    tenantId: { type: "string" },
    state: { type: "string", enum: CERTIFICATE_STATES, required: true },
    /**
     * What the state's words need: the names not yet pointing at us (waiting_dns), or why it
     * failed (the certificate's status, or `limit`).
     */
    detail: { type: "string" },
    /** Set when the domain was let go: the tenant is being disabled and deleted. */
    detachedAt: { type: "string" },
    checkedAt: { type: "string" },
    createdAt,
  },
  indexes: {
    byDomain: {
      pk: { field: "pk", composite: [], casing: CASE_SENSITIVE },
      // A domain let go keeps its item until its tenant is deleted, beside a new holder's.
      sk: { field: "sk", composite: ["domain", "siteId"], casing: CASE_SENSITIVE },
    },
  },
});

export type HostingTenantItem = EntityItem<EntityOf<typeof HostingTenant>>;
