/**
 * The site's enumerations (spec part 2 §3 and the settings page), written once. Plain arrays
 * with no imports, so both the zod contract (contracts/sites.ts) and the ElectroDB entity
 * (db/entities/site.ts) derive from them without pulling in each other's library.
 */
export const SITE_STATUSES = ["requested", "development", "in_progress", "live"] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** "Site as edited on the settings page": category values (part 2 §3). */
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
export type SiteCategory = (typeof SITE_CATEGORIES)[number];

/** A custom domain is `pending` once claimed and `active` once its DNS records verified. */
export const DOMAIN_STATUSES = ["pending", "active"] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];
