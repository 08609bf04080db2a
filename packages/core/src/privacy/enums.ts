/** Where a customer's data export is (docs/privacy.md). */
export const DATA_EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;

/** Days a built export is kept for download (the bucket's lifecycle rule removes it a day later). */
export const EXPORT_KEEP_DAYS = 7;

/** Where exports live in the private bucket (stacks/grants.ts grants "exports:*" on it only). */
export const EXPORTS_PREFIX = "exports/";

/**
 * Where erasures and revocations are recorded outside the table, for a restore to re-apply
 * (adapters/tombstones.ts), and how long: past the 35 days point-in-time recovery reaches back.
 */
export const TOMBSTONES_PREFIX = "tombstones/";
export const TOMBSTONE_KEEP_DAYS = 40;
