/**
 * The rules for starting a run, as pure functions over the caller's recent runs. Limits per
 * customer, across both kinds (they share one worker): at most AUDIT_MAX_IN_FLIGHT queued or
 * running and AUDIT_MAX_PER_HOUR started in the last hour (config.ts). Asking again for a URL
 * (and strategy) that is already queued or running answers that job instead of queueing a
 * second one, and a job in flight past STALE_AFTER_MS reads as failed.
 */
import { RateLimitError } from "../errors";
import { type AuditLimits, HOUR_MS, STALE_AFTER_MS } from "./config";
import { type AuditKind, IN_FLIGHT_STATUSES, type JobStatus, type Strategy } from "./enums";
import { hourlyLimitMessage, inFlightLimitMessage } from "./texts";

/** What the limit and duplicate rules need to know about a run. */
export interface RunSummary {
  kind: AuditKind;
  jobId: string;
  url: string;
  strategy: Strategy | null;
  status: JobStatus;
  createdAt: string;
}

/** The status a person should see: an in-flight job past STALE_AFTER_MS is failed. */
export function effectiveStatus(
  run: Pick<RunSummary, "status" | "createdAt">,
  now: Date,
): JobStatus {
  if (!IN_FLIGHT_STATUSES.includes(run.status)) return run.status;
  return now.getTime() - Date.parse(run.createdAt) >= STALE_AFTER_MS ? "failed" : run.status;
}

export function isInFlight(run: RunSummary, now: Date): boolean {
  return IN_FLIGHT_STATUSES.includes(effectiveStatus(run, now));
}

export function sameTarget(
  run: RunSummary,
  want: Omit<RunSummary, "jobId" | "status" | "createdAt">,
) {
  return run.kind === want.kind && run.url === want.url && run.strategy === want.strategy;
}

/**
 * Decides whether a new run may start, given the caller's runs of the last hour (both kinds):
 * an identical run in flight is answered instead (it is not a new run, so no limit applies),
 * otherwise the in-flight and hourly limits must leave room. Throws RateLimitError.
 */
export function admit(
  recent: readonly RunSummary[],
  want: Omit<RunSummary, "jobId" | "status" | "createdAt">,
  limits: AuditLimits,
  now: Date,
): { duplicate: RunSummary | undefined } {
  const since = now.getTime() - HOUR_MS;
  const window = recent.filter((r) => Date.parse(r.createdAt) > since);
  const inFlight = window.filter((r) => isInFlight(r, now));
  const duplicate = inFlight
    .filter((r) => sameTarget(r, want))
    .sort((a, b) => a.jobId.localeCompare(b.jobId))[0];
  if (duplicate) return { duplicate };

  if (inFlight.length >= limits.maxInFlight) {
    throw new RateLimitError(inFlightLimitMessage(limits.maxInFlight));
  }
  if (window.length >= limits.maxPerHour) {
    // Room comes back when enough of the oldest runs leave the hour.
    const oldestFirst = window.map((r) => Date.parse(r.createdAt)).sort((a, b) => a - b);
    const freesAt = (oldestFirst[window.length - limits.maxPerHour] ?? now.getTime()) + HOUR_MS;
    const minutes = Math.max(1, Math.ceil((freesAt - now.getTime()) / 60_000));
    throw new RateLimitError(hourlyLimitMessage(limits.maxPerHour, minutes));
  }
  return { duplicate: undefined };
}
