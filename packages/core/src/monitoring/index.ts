/**
 * Uptime and certificate monitoring of live sites (docs/monitoring.md): the scheduled run that
 * checks every live site. The customer's read of one site's history is site-uptime.ts, so its
 * route carries neither the checker nor the outbound guard.
 */
import { outboundAllowHostsFromConfig } from "../adapters/outbound-guard";
import type { NewDomainEvent } from "../contracts/events";
import { INCIDENT_TTL_DAYS } from "../db/entities/monthly-report";
import { UPTIME_DAY_TTL_DAYS } from "../db/entities/uptime";
import { db, type SiteItem } from "../db/service";
import { emit } from "../events/emit";
import { type CheckOptions, type CheckResult, checkSite } from "./check";
import { applyCheck, type MonitorState, monitoredUrl, utcDay } from "./rules";
import { stateOf } from "./summary";
import { inTurns } from "./turns";

/** Drops undefined fields: ElectroDB's put refuses them in maps. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Stores one check of one site and emits what it raised; returns the check. */
export async function recordCheck(site: SiteItem, check: CheckResult, now: Date) {
  const url = monitoredUrl(site) ?? "";
  const { data: previous } = await db.entities.siteMonitor
    .get({ userId: site.userId, siteId: site.siteId })
    .go({ consistent: true });
  const { state, events } = applyCheck(
    stateOf(previous),
    check,
    { userId: site.userId, siteId: site.siteId, siteName: site.name, url },
    now,
  );
  await db.entities.siteMonitor
    .put(
      defined({
        userId: site.userId,
        siteId: site.siteId,
        url,
        ...state,
        openIncident: state.openIncident && defined(state.openIncident),
        lastIncident: state.lastIncident && defined(state.lastIncident),
      }),
    )
    .go();
  const day = utcDay(now);
  await db.entities.uptimeDay
    .update({ userId: site.userId, siteId: site.siteId, day })
    .add({
      checks: 1,
      failures: check.ok ? 0 : 1,
      responseMsTotal: check.ok ? check.responseMs : 0,
    })
    .set({
      expiresAt: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + UPTIME_DAY_TTL_DAYS * 86_400,
    })
    .go();
  await recordIncidents(site, state, events);
  for (const event of events) await emit(event);
  return { state, events };
}

/**
 * Keeps each incident as its own item (opened, then closed), so the monthly report can list a
 * month's incidents with their durations (docs/reports.md); the monitor item holds only the last.
 */
async function recordIncidents(
  site: SiteItem,
  state: MonitorState,
  events: readonly NewDomainEvent[],
) {
  for (const event of events) {
    if (event.type !== "site.down" && event.type !== "site.recovered") continue;
    const key = { userId: site.userId, siteId: site.siteId, startedAt: event.startedAt };
    const expiresAt = Math.floor(Date.parse(event.startedAt) / 1000) + INCIDENT_TTL_DAYS * 86_400;
    if (event.type === "site.down") {
      await db.entities.uptimeIncident.put({ ...key, reason: event.reason, expiresAt }).go();
    } else {
      const reason = state.lastIncident?.reason ?? "The site did not answer";
      // An upsert: an incident opened before incidents were kept still gets its item.
      await db.entities.uptimeIncident
        .update(key)
        .set({ endedAt: event.endedAt, reason, expiresAt })
        .go();
    }
  }
}

/** Sites checked at once by the run. */
export const CHECK_CONCURRENCY = 8;
/** One customer's sites checked at once: the other workers stay free for everyone else. */
export const CHECKS_PER_CUSTOMER = 2;

export interface RunOptions extends CheckOptions {
  now?: () => Date;
  /** Sites checked at once. */
  concurrency?: number;
}

/** The scheduled job: checks every live site once. */
export async function runUptimeChecks(opts: RunOptions = {}) {
  const allowHosts = opts.allowHosts ?? (await outboundAllowHostsFromConfig());
  const now = opts.now ?? (() => new Date());
  const { data: sites } = await db.entities.site.query
    .byStatus({ status: "live" })
    .go({ pages: "all" });
  // A suspended site is offline on purpose (its subscription ended): no checks, no alerts.
  // Oldest site first (ids grow with time), so every run takes them in the same order.
  const queue = sites
    .filter((site) => monitoredUrl(site) && !site.suspendedAt)
    .sort((a, b) => a.siteId.localeCompare(b.siteId));
  const results: { siteId: string; ok: boolean; events: string[] }[] = [];
  await inTurns(
    queue,
    (site) => site.userId,
    async (site) => {
      const check = await checkSite(monitoredUrl(site) as string, { ...opts, allowHosts });
      const { events } = await recordCheck(site, check, now());
      results.push({ siteId: site.siteId, ok: check.ok, events: events.map((e) => e.type) });
    },
    { concurrency: opts.concurrency ?? CHECK_CONCURRENCY, perOwner: CHECKS_PER_CUSTOMER },
  );
  return { checked: results.length, results };
}
