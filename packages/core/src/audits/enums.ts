/**
 * The audit jobs' enumerations (SEO and Lighthouse runs, screenshot requests), written once.
 * Plain arrays with no imports, so both the zod contracts (contracts/audit-jobs.ts,
 * contracts/audits.ts) and the ElectroDB entities (db/entities/audit.ts, screenshot-job.ts)
 * derive from them without pulling in each other's library.
 */
export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Queued or running: the page keeps polling while any job is in one of these. */
export const IN_FLIGHT_STATUSES: readonly JobStatus[] = ["queued", "running"];

/** The device a Lighthouse run emulates; mobile unless asked otherwise. */
export const STRATEGIES = ["mobile", "desktop"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** The two audits a customer can run; they share one worker and one set of limits. */
export const AUDIT_KINDS = ["seo", "lighthouse"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
