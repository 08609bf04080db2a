/**
 * The monthly report job (docs/reports.md, "The monthly run"): on the first of each month, for
 * every live site of a paying customer, freezes the past month's report, queues its PDF for the
 * plans with the full report, and mails it once.
 *
 * - Bounded: one invocation handles at most `maxSites` sites and stops early when its time
 *   budget is spent; the live sites are read a page at a time from the status index (a Query).
 * - Resumable: after each page the position is kept in the month's reportRun item, so the
 *   next invocation (the schedule runs hourly on the first day) goes on from there.
 * - Once per site and month: the mail's event id is the site and month (the notifications
 *   consumer mails an id once), and the report's `sentAt` is set with a conditional write, so a
 *   second run, or one racing this one, sends nothing.
 */
import { sendJob } from "../adapters/queue";
import type { MonthlyReport } from "../contracts/reports";
import { db, isConditionFailure, type SiteItem, type UserItem } from "../db/service";
import { emit } from "../events/emit";
import { buildMonthlyReport } from "./build";
import { headlineOf, reportLevelOf } from "./index";
import { lastCompleteMonth, parseMonth } from "./month";
import "./pdf-message";

/** Sites read per Query page. */
export const REPORT_PAGE_SIZE = 25;
/** Sites one invocation handles at most (each is ~12 reads, a write, an event). */
export const REPORT_SITES_PER_RUN = 200;

export interface MonthlyRunOptions {
  /** The month to report; by default the one before `now`. */
  month?: string;
  now?: Date;
  maxSites?: number;
  /** Stop starting new sites after this long (the function's timeout minus headroom). */
  timeBudgetMs?: number;
  /** Ignore a finished run of the month and go through every site again (tests, re-runs). */
  fromStart?: boolean;
}

export type SiteOutcome = "sent" | "already-sent" | "not-paying" | "suspended";

export interface MonthlyRunResult {
  month: string;
  /** Sites looked at by this invocation. */
  processed: number;
  sent: number;
  outcomes: { siteId: string; outcome: SiteOutcome }[];
  /** Whether every live site of the month has been seen (the run item says so). */
  done: boolean;
}

/** A site's mail goes to a customer whose subscription is paid up. */
function isPaying(user: UserItem | null | undefined): user is UserItem {
  return !!user?.subscriptionActive;
}

export async function reportSite(
  site: SiteItem,
  user: UserItem | null | undefined,
  month: string,
  now: Date,
): Promise<SiteOutcome> {
  if (site.suspendedAt) return "suspended";
  if (!isPaying(user)) return "not-paying";
  const { userId, siteId } = site;
  const { data: stored } = await db.entities.monthlyReport
    .get({ userId, siteId, month })
    .go({ consistent: true });
  if (stored?.sentAt) return "already-sent";

  const report: MonthlyReport =
    (stored?.report as MonthlyReport | undefined) ??
    (await buildMonthlyReport(userId, siteId, month, now));
  if (!stored?.report) {
    // Frozen: the page and the PDF show what the mail said, after the day items expire.
    await db.entities.monthlyReport
      .upsert({ userId, siteId, month, report, builtAt: now.toISOString() })
      .go();
  }
  const level = reportLevelOf(user);
  if (level === "full") await sendJob({ kind: "report-pdf", userId, siteId, month });
  await emit({
    type: "report.monthly",
    eventId: `report.monthly:${siteId}:${month}`,
    userId,
    siteId,
    siteName: site.name,
    month,
    level,
    headline: headlineOf(report),
    note: stored?.note || null,
  });
  try {
    await db.entities.monthlyReport
      .patch({ userId, siteId, month })
      .set({ sentAt: now.toISOString() })
      .where(({ sentAt }, { notExists }) => notExists(sentAt))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Another run marked it between our read and now: its event had the same id.
    return "already-sent";
  }
  return "sent";
}

export async function runMonthlyReports(opts: MonthlyRunOptions = {}): Promise<MonthlyRunResult> {
  const now = opts.now ?? new Date();
  const month = parseMonth(opts.month ?? lastCompleteMonth(now));
  const maxSites = opts.maxSites ?? REPORT_SITES_PER_RUN;
  const started = Date.now();
  const result: MonthlyRunResult = { month, processed: 0, sent: 0, outcomes: [], done: false };

  const { data: run } = await db.entities.reportRun.get({ month }).go({ consistent: true });
  if (run?.done && !opts.fromStart) return { ...result, done: true };
  let cursor: string | null = opts.fromStart ? null : (run?.cursor ?? null);
  const users = new Map<string, Promise<UserItem | null>>();
  const userOf = (userId: string) => {
    let user = users.get(userId);
    if (!user) {
      user = db.entities.user
        .get({ userId })
        .go()
        .then(({ data }) => data);
      users.set(userId, user);
    }
    return user;
  };

  const timeLeft = () =>
    opts.timeBudgetMs === undefined || Date.now() - started < opts.timeBudgetMs;
  while (result.processed < maxSites && timeLeft()) {
    const page = await db.entities.site.query
      .byStatus({ status: "live" })
      .go({ cursor, limit: Math.min(REPORT_PAGE_SIZE, maxSites - result.processed) });
    for (const site of page.data) {
      const outcome = await reportSite(site, await userOf(site.userId), month, now);
      result.outcomes.push({ siteId: site.siteId, outcome });
      if (outcome === "sent") result.sent += 1;
      result.processed += 1;
    }
    cursor = page.cursor;
    result.done = cursor === null;
    // The position after each page: a run cut off by its timeout loses at most one page, whose
    // sites the next run finds already sent.
    if (cursor) {
      await db.entities.reportRun.upsert({ month, cursor, done: false }).go();
    } else {
      await db.entities.reportRun.update({ month }).set({ done: true }).remove(["cursor"]).go();
      break;
    }
  }
  return result;
}
