/**
 * How long a customer's sites are kept, suspended, after their subscription ends before they
 * are deleted (docs/billing.md "When a subscription ends"): the stage setting
 * SITE_GRACE_PERIOD_DAYS, whole days from 1 to MAX_GRACE_PERIOD_DAYS, default 7.
 */
import { Config } from "sst/node/config";

declare module "sst/node/config" {
  export interface ParameterResources {
    SITE_GRACE_PERIOD_DAYS: { value: string };
  }
}

export const DEFAULT_GRACE_PERIOD_DAYS = 7;
export const MAX_GRACE_PERIOD_DAYS = 90;
const DAY_MS = 86_400_000;

/** Whole days from 1 to MAX_GRACE_PERIOD_DAYS; empty or anything else is the default. */
export function gracePeriodDays(raw: string): number {
  const days = Number(raw);
  return /^\d+$/.test(raw) && days >= 1 && days <= MAX_GRACE_PERIOD_DAYS
    ? days
    : DEFAULT_GRACE_PERIOD_DAYS;
}

/**
 * When sites suspended at `endedAt` are deleted: `days` whole days from the end, or from `now`
 * when the end is already past (docs/billing.md "When a subscription ends"). Stripe's
 * `ended_at` comes with the event, and a late or resent deletion event must not set a date
 * that has already passed, which would delete the sites before the customer was even told.
 */
export function deletionTime(endedAt: Date, days: number, now = new Date()): Date {
  return new Date(Math.max(endedAt.getTime(), now.getTime()) + days * DAY_MS);
}

/** The stage's grace period; the default where the parameter is not bound (tests, scripts). */
export function gracePeriodDaysFromConfig(): number {
  try {
    return gracePeriodDays(
      (
        (Config as unknown as Record<string, string | undefined>).SITE_GRACE_PERIOD_DAYS ?? ""
      ).trim(),
    );
  } catch {
    return DEFAULT_GRACE_PERIOD_DAYS;
  }
}
