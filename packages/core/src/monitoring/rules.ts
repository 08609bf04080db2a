/**
 * The rules of uptime monitoring (docs/monitoring.md), pure: what one check does to a site's
 * monitor state, and which events it raises. An incident opens on the second failed check in
 * a row and closes on the first good one; a certificate within CERT_WARNING_DAYS of its expiry
 * is announced once per certificate. Event ids come from what happened, so a retried run
 * cannot mail twice.
 */
import type { NewDomainEvent } from "../contracts/events";
import type { SiteItem } from "../db/service";
import type { CheckResult } from "./check";

export const FAILURES_FOR_INCIDENT = 2;
export const CERT_WARNING_DAYS = 14;
export const HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;

export interface Incident {
  startedAt: string;
  endedAt?: string;
  reason: string;
}

export interface MonitorState {
  consecutiveFailures: number;
  /** When the current run of failures began (the first failed check). */
  failingSince?: string;
  lastCheckedAt?: string;
  lastOk?: boolean;
  lastStatus?: number;
  lastResponseMs?: number;
  lastError?: string;
  /** The incident in progress. */
  openIncident?: Incident;
  /** The most recent incident, open or closed. */
  lastIncident?: Incident;
  certExpiresAt?: string;
  /** The certificate expiry the customer was last warned about. */
  certWarnedFor?: string;
}

export interface SiteRef {
  userId: string;
  siteId: string;
  siteName: string;
  url: string;
}

export function daysUntil(iso: string, now: Date): number {
  return Math.floor((new Date(iso).getTime() - now.getTime()) / DAY_MS);
}

export function applyCheck(
  prev: MonitorState,
  check: CheckResult,
  site: SiteRef,
  now: Date,
): { state: MonitorState; events: NewDomainEvent[] } {
  const at = now.toISOString();
  const events: NewDomainEvent[] = [];
  const state: MonitorState = {
    ...prev,
    lastCheckedAt: at,
    lastOk: check.ok,
    lastStatus: check.status,
    lastResponseMs: check.responseMs,
    lastError: check.error,
    certExpiresAt: check.certExpiresAt ?? prev.certExpiresAt,
  };

  if (check.ok) {
    state.consecutiveFailures = 0;
    state.failingSince = undefined;
    if (prev.openIncident) {
      const closed = { ...prev.openIncident, endedAt: at };
      state.openIncident = undefined;
      state.lastIncident = closed;
      events.push({
        type: "site.recovered",
        eventId: `site.recovered:${site.siteId}:${closed.startedAt}`,
        userId: site.userId,
        siteId: site.siteId,
        siteName: site.siteName,
        url: site.url,
        startedAt: closed.startedAt,
        endedAt: at,
      });
    }
  } else {
    state.consecutiveFailures = prev.consecutiveFailures + 1;
    state.failingSince = prev.failingSince ?? at;
    if (!prev.openIncident && state.consecutiveFailures >= FAILURES_FOR_INCIDENT) {
      const incident: Incident = {
        startedAt: state.failingSince,
        reason: check.error ?? "The site did not answer",
      };
      state.openIncident = incident;
      state.lastIncident = incident;
      events.push({
        type: "site.down",
        eventId: `site.down:${site.siteId}:${incident.startedAt}`,
        userId: site.userId,
        siteId: site.siteId,
        siteName: site.siteName,
        url: site.url,
        startedAt: incident.startedAt,
        reason: incident.reason,
      });
    }
  }

  const expiry = state.certExpiresAt;
  if (
    check.certExpiresAt &&
    expiry &&
    daysUntil(expiry, now) <= CERT_WARNING_DAYS &&
    prev.certWarnedFor !== expiry
  ) {
    state.certWarnedFor = expiry;
    events.push({
      type: "site.certificate_expiring",
      eventId: `site.certificate_expiring:${site.siteId}:${expiry}`,
      userId: site.userId,
      siteId: site.siteId,
      siteName: site.siteName,
      url: site.url,
      expiresAt: expiry,
      daysLeft: daysUntil(expiry, now),
    });
  }
  return { state, events };
}

export interface DayCounts {
  day: string;
  checks: number;
  failures: number;
}

/** Percentage of good checks over the days given, one decimal; null before any check. */
export function uptimePercent(days: readonly DayCounts[]): number | null {
  const checks = days.reduce((n, d) => n + d.checks, 0);
  if (checks === 0) return null;
  const failures = days.reduce((n, d) => n + d.failures, 0);
  return Math.floor(((checks - failures) / checks) * 1000) / 10;
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC days of the history window ending today, oldest first. */
export function historyDays(now: Date, count = HISTORY_DAYS): string[] {
  return Array.from({ length: count }, (_, i) =>
    utcDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)),
  );
}

/** The address a live site is checked at: its verified custom domain, else its live URL. */
export function monitoredUrl(site: Pick<SiteItem, "liveUrl" | "customDomain" | "domainStatus">) {
  if (site.customDomain && site.domainStatus === "active") return `https://${site.customDomain}/`;
  return site.liveUrl || null;
}
