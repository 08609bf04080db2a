/**
 * The audit jobs' settings: the per-customer limits (stage parameters AUDIT_MAX_IN_FLIGHT and
 * AUDIT_MAX_PER_HOUR) and the fixed durations the rules and the lists use. The rules
 * themselves are in limits.ts.
 */

export interface AuditLimits {
  maxInFlight: number;
  maxPerHour: number;
}

export const DEFAULT_LIMITS: AuditLimits = { maxInFlight: 3, maxPerHour: 20 };

export const HOUR_MS = 60 * 60 * 1000;

/**
 * A job still queued or running this long after it was asked for will not finish: the worker
 * was killed outright (out of memory, the Lambda timeout) on its last delivery, so nothing was
 * left to record the failure. On AWS three deliveries 18 minutes apart (the queue's visibility
 * timeout) fit well inside an hour. Such a job reads as failed and stops counting as in flight.
 */
export const STALE_AFTER_MS = HOUR_MS;

/** Runs a list answers with: enough for the pages' history, small enough to poll. */
export const LIST_LIMIT = 20;

/** Config.AUDIT_MAX_IN_FLIGHT and Config.AUDIT_MAX_PER_HOUR, each falling back to its default. */
export async function limitsFromConfig(): Promise<AuditLimits> {
  // Imported here so this module loads where no SST binding exists (unit tests).
  const { Config } = await import("sst/node/config");
  const read = (name: string, fallback: number): number => {
    let raw: unknown;
    try {
      raw = (Config as unknown as Record<string, unknown>)[name];
    } catch {
      // Not bound to this function: the default is the documented behaviour.
      return fallback;
    }
    const value = Number(raw);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    maxInFlight: read("AUDIT_MAX_IN_FLIGHT", DEFAULT_LIMITS.maxInFlight),
    maxPerHour: read("AUDIT_MAX_PER_HOUR", DEFAULT_LIMITS.maxPerHour),
  };
}
