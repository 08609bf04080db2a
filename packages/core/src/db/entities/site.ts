/** sites (spec part 2 §3, plus the settings page's `category` and the custom-domain state). */
import { Entity, type EntityItem } from "electrodb";
import { newId } from "../ids";
import { CASE_SENSITIVE, createdAt, idFrom, model, updatedAt } from "./common";

export const SITE_STATUSES = ["requested", "development", "in_progress", "live"] as const;
/** "Site as edited on the settings page": category values. */
export const SITE_CATEGORIES = [
  "business",
  "ecommerce",
  "portfolio",
  "blog",
  "restaurant",
  "nonprofit",
  "healthcare",
  "education",
  "other",
] as const;
/** A custom domain is `pending` once claimed and `active` once its DNS records verified. */
export const DOMAIN_STATUSES = ["pending", "active"] as const;

export const Site = new Entity({
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
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: ["customer", "dashboard"] as const,
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId"], casing: CASE_SENSITIVE },
    },
    /**
     * Site id → site, for callers that only have the id: the public page-view endpoint and the
     * job worker. A customer-facing read goes through byOwner so ownership is part of the key.
     */
    byId: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["siteId"], casing: CASE_SENSITIVE },
      sk: { field: "gsi1sk", composite: [], casing: CASE_SENSITIVE },
    },
  },
});

export type SiteItem = EntityItem<typeof Site>;
export type SiteStatus = (typeof SITE_STATUSES)[number];
