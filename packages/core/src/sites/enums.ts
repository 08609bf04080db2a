/**
 * The site's enumerations (docs/sites.md), written once. Plain arrays
 * with no imports, so both the zod contract (contracts/sites.ts) and the ElectroDB entity
 * (db/entities/site.ts) derive from them without pulling in each other's library.
 */
export const SITE_STATUSES = ["requested", "development", "in_progress", "live"] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Whether a value is one of the statuses (a page may be handed anything). */
export function isSiteStatus(value: unknown): value is SiteStatus {
  return (SITE_STATUSES as readonly unknown[]).includes(value);
}

/**
 * What the portal, the console and the mails call each status (docs/sites.md, "Status"): the one
 * list of these words.
 */
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = {
  requested: "Requested",
  development: "Development",
  in_progress: "In Progress",
  live: "Live",
};

/** The settings page's category values (docs/sites.md, "Site Settings"). */
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

/**
 * Where a review round of the draft stands (docs/sites.md, "Review and approval"): with the
 * customer (`pending`), approved, or sent back with a list of changes.
 */
export const REVIEW_OUTCOMES = ["pending", "approved", "changes_requested"] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** What the review page, the console and the mails call each outcome: the one list of these words. */
export const REVIEW_OUTCOME_LABELS: Record<ReviewOutcome, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  changes_requested: "Changes requested",
};

/** The dashboard row of a site whose current round waits for the customer. */
export const REVIEW_READY_LABEL = "Your draft is ready";

/**
 * Who must act next on a round: the customer (a new version to look at), the team (changes to
 * make), or nobody. The console's change-request list reads the rounds waiting on the team.
 */
export const REVIEW_WAITING_ON = ["customer", "team", "none"] as const;
export type ReviewWaitingOn = (typeof REVIEW_WAITING_ON)[number];
