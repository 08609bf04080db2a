/** A site's monitor item as state for the rules and as the summary the API shows. */
import type { UptimeIncident } from "../contracts/monitoring";
import type { SiteMonitorItem } from "../db/service";
import { daysUntil, type Incident, type MonitorState } from "./rules";

export function stateOf(item: SiteMonitorItem | null | undefined): MonitorState {
  if (!item) return { consecutiveFailures: 0 };
  return {
    consecutiveFailures: item.consecutiveFailures,
    failingSince: item.failingSince,
    lastCheckedAt: item.lastCheckedAt,
    lastOk: item.lastOk,
    lastStatus: item.lastStatus,
    lastResponseMs: item.lastResponseMs,
    lastError: item.lastError,
    openIncident: item.openIncident as Incident | undefined,
    lastIncident: item.lastIncident as Incident | undefined,
    certExpiresAt: item.certExpiresAt,
    certWarnedFor: item.certWarnedFor,
  };
}

const incidentView = (incident: Incident | undefined): UptimeIncident | null =>
  incident
    ? { startedAt: incident.startedAt, endedAt: incident.endedAt ?? null, reason: incident.reason }
    : null;

/** The monitoring summary of a monitor item (also used by the staff console). */
export function summaryOf(item: SiteMonitorItem | null | undefined, now: Date) {
  const state = stateOf(item);
  return {
    lastCheck: state.lastCheckedAt
      ? {
          at: state.lastCheckedAt,
          ok: state.lastOk ?? false,
          status: state.lastStatus ?? null,
          responseMs: state.lastResponseMs ?? null,
          error: state.lastError ?? null,
        }
      : null,
    openIncident: incidentView(state.openIncident),
    lastIncident: incidentView(state.lastIncident),
    certificate: state.certExpiresAt
      ? { expiresAt: state.certExpiresAt, daysLeft: daysUntil(state.certExpiresAt, now) }
      : null,
  };
}
