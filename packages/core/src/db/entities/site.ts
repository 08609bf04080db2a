/**
 * sites (docs/data.md, docs/sites.md, with the settings page's `category` and the custom-domain
 * state).
 */
import type { EntityItem } from "electrodb";
import {
  DOMAIN_STATUSES,
  REVIEW_OUTCOMES,
  SITE_CATEGORIES,
  SITE_STATUSES,
} from "../../sites/enums";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  ownerIndex,
  updatedAt,
} from "./common";

export type { SiteStatus } from "../../sites/enums";
export { DOMAIN_STATUSES, SITE_CATEGORIES, SITE_STATUSES } from "../../sites/enums";

export const Site = lazyEntity({
  model: model("site"),
  attributes: {
    siteId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("siteId"),
    userId: { type: "string", required: true, readOnly: true },
    questionnaireId: { type: "string" },
    name: { type: "string", required: true },
    url: { type: "string" },
    liveUrl: { type: "string" },
    thumbnail: { type: "string" },
    /**
     * The site's DNS label on the hosting domain, fixed at its first deployment and never changed
     * (docs/hosting.md "Names").
     */
    hostName: { type: "string" },
    /** The deployment its hosts serve, and when it was published. */
    liveDeploymentId: { type: "string" },
    livePublishedAt: { type: "string" },
    /** Hosting provider's deployment id. */
    hostingDeploymentId: { type: "string" },
    /** Hosting provider's project id. */
    hostingProjectId: { type: "string" },
    status: { type: SITE_STATUSES, required: true, default: "development" },
    performanceScore: {
      type: "number",
      validate: (value: number | undefined) => value === undefined || Number.isInteger(value),
    },
    industry: { type: "string" },
    websiteType: { type: "string" },
    description: { type: "string" },
    timeline: { type: "string" },
    budget: { type: "string" },
    category: { type: SITE_CATEGORIES },
    customDomain: { type: "string" },
    domainStatus: { type: DOMAIN_STATUSES },
    domainVerifiedAt: { type: "string" },
    /** The pending domain's claim token and expiry, copied from its claim for the site's view. */
    domainToken: { type: "string" },
    domainClaimExpiresAt: { type: "string" },
    /**
     * The verified domain's certificate on the hosting, copied from its tenant for the site's
     * view (docs/hosting.md "Custom domains over HTTPS"; words: sites/certificate-state.ts).
     */
    certificateState: { type: ["waiting_dns", "issuing", "active", "failed"] as const },
    certificateDetail: { type: "string" },
    sslEnabled: { type: "boolean", required: true, default: true },
    primaryColor: { type: "string" },
    secondaryColor: { type: "string" },
    logoUrl: { type: "string" },
    faviconUrl: { type: "string" },
    analyticsEnabled: { type: "boolean", required: true, default: true },
    seoEnabled: { type: "boolean", required: true, default: true },
    maintenanceMode: { type: "boolean", required: true, default: false },
    screenshotUrl: { type: "string" },
    /** Object key of the latest screenshot in the private bucket (URLs to it are presigned). */
    screenshotKey: { type: "string" },
    lastScreenshotUpdate: { type: "string" },
    /**
     * Set while the site is suspended because its owner's subscription ended: taken offline,
     * not monitored, no page views counted (docs/billing.md "When a subscription ends").
     */
    suspendedAt: { type: "string" },
    /**
     * The current review round's number and outcome (db/entities/review-round.ts), written in
     * the same transaction as the round: the dashboard row and the go-live rule read them.
     */
    reviewRound: { type: "number" },
    reviewOutcome: { type: REVIEW_OUTCOMES },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: ownerIndex(["siteId"]),
    /**
     * Site id → site, for callers that only have the id: the public page-view endpoint and the
     * job worker. A customer-facing read goes through byOwner so ownership is part of the key.
     */
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["siteId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: [], casing: CASE_SENSITIVE },
    },
    /**
     * Sites by status, for the uptime checks (docs/monitoring.md): every live site, across
     * customers, in one Query. A status change rewrites the key with the status.
     */
    byStatus: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["status"], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type SiteItem = EntityItem<EntityOf<typeof Site>>;
