/**
 * The upsells' enumerations, written once. Plain arrays with no imports, so both the zod
 * contracts and the ElectroDB entity (db/entities/upsell.ts) derive from them.
 */

/** The team's progress on a bought upgrade; the customer sees it on the dashboard. */
export const UPSELL_WORK_STATUSES = ["not_started", "started", "done"] as const;
export type UpsellWorkStatus = (typeof UPSELL_WORK_STATUSES)[number];
