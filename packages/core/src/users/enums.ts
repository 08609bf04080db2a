/**
 * The plans a user can hold, as stored, written once. A plain array with no imports, so both
 * the zod contract (contracts/users.ts) and the ElectroDB entity (db/entities/user.ts) derive
 * from it. The names the client may send ("Professional"…) map onto these in contracts/plans.ts.
 */
export const PLANS = ["starter", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];
