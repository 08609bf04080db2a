/**
 * Site previews, the API's part: one screenshot job per site (POST /api/sites/refresh-screenshots,
 * POST /api/sites/{id}/screenshot). The jobs worker's part is screenshot-capture.ts (the browser
 * function's, screenshot-take.ts), kept apart so that API bundles do not carry puppeteer. Pages see images through presigned URLs
 * (view.ts).
 *
 * Each request is a job record (db/entities/screenshot-job.ts), limited and de-duplicated as
 * audits are (audits/limits.ts; docs/security.md, "Background work"): a site with a preview
 * queued or running is answered with that one; per customer at most SCREENSHOT_LIMITS
 * in flight and per hour, per site at most a few per hour.
 */
import { sendJob, sendJobs } from "../adapters/queue";
import { HOUR_MS } from "../audits/config";
import { effectiveStatus } from "../audits/limits";
import type { JobOutcome } from "../audits/worker";
import { IN_FLIGHT_STATUSES } from "../contracts/audit-jobs";
import type { RefreshScreenshotResponse, RefreshScreenshotsResponse } from "../contracts/sites";
import {
  db,
  idFloor,
  isConditionFailure,
  type JobStatus,
  type ScreenshotJobItem,
  type SiteItem,
} from "../db/service";
import { DomainError, RateLimitError, UnprocessableError } from "../errors";

declare module "../adapters/queue" {
  interface JobMessages {
    /** `jobId` names the job record; messages queued before records existed have none. */
    screenshot: { userId: string; siteId: string; jobId?: string };
  }
}

export const NO_URL_MESSAGE = "This site has no URL to capture yet";

export interface ScreenshotLimits {
  /** Per customer: previews queued or running at once. */
  maxInFlight: number;
  /** Per customer: previews asked for in the last hour. */
  maxPerHour: number;
  /** Per site: previews asked for in the last hour. */
  maxPerSitePerHour: number;
}

/**
 * A preview takes Chromium a few seconds and the page changes rarely: enough for a customer
 * with a handful of sites to refresh them all a few times an hour, not enough to keep the
 * shared worker busy.
 */
export const SCREENSHOT_LIMITS: ScreenshotLimits = {
  maxInFlight: 3,
  maxPerHour: 30,
  maxPerSitePerHour: 5,
};

/** Job records go after a week (the table's TTL): only the last hour counts for anything. */
const RECORD_TTL_SECONDS = 7 * 24 * 60 * 60;

export const SCREENSHOT_MESSAGES = {
  queued: "Site preview refresh queued",
  alreadyQueued: "A preview of this site is already being refreshed",
  notQueued: "The preview could not be queued. Please try again.",
  crashed: "The preview could not be captured.",
} as const;

export function inFlightMessage(max: number): string {
  return `You already have ${max} site ${max === 1 ? "preview" : "previews"} being refreshed. Please wait for one to finish.`;
}

export function perSiteMessage(max: number, minutes: number): string {
  return `This site's preview was refreshed ${max} times in the last hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export function hourlyMessage(max: number, minutes: number): string {
  return `You have reached the limit of ${max} preview refreshes per hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Everything a site stores in the bucket lives under this prefix (deleted with the site). */
export function sitePrefix(userId: string, siteId: string): string {
  return `users/${userId}/sites/${siteId}/`;
}

/** The page a preview shows: the live site when there is one, else the working URL. */
export function captureUrl(site: Pick<SiteItem, "liveUrl" | "url">): string | undefined {
  return site.liveUrl?.trim() || site.url?.trim() || undefined;
}

// ---------------------------------------------------------------- pure rules

/** What the limit and duplicate rules need to know about a screenshot job. */
export interface ShotSummary {
  jobId: string;
  siteId: string;
  status: JobStatus;
  createdAt: string;
}

function minutesUntilRoom(times: number[], max: number, now: Date): number {
  // Room comes back when enough of the oldest requests leave the hour.
  const oldestFirst = [...times].sort((a, b) => a - b);
  const freesAt = (oldestFirst[times.length - max] ?? now.getTime()) + HOUR_MS;
  return Math.max(1, Math.ceil((freesAt - now.getTime()) / 60_000));
}

/**
 * Decides whether a preview of `siteId` may be queued, given the customer's screenshot jobs of
 * the last hour: one already in flight for the site is answered instead (no limit applies to
 * it), otherwise the in-flight, per-site and hourly limits must leave room. Throws
 * RateLimitError.
 */
export function admitScreenshot(
  recent: readonly ShotSummary[],
  siteId: string,
  limits: ScreenshotLimits,
  now: Date,
): { duplicate: ShotSummary | undefined } {
  const since = now.getTime() - HOUR_MS;
  const window = recent.filter((r) => Date.parse(r.createdAt) > since);
  const inFlight = window.filter((r) => IN_FLIGHT_STATUSES.includes(effectiveStatus(r, now)));
  const duplicate = inFlight
    .filter((r) => r.siteId === siteId)
    .sort((a, b) => a.jobId.localeCompare(b.jobId))[0];
  if (duplicate) return { duplicate };

  if (inFlight.length >= limits.maxInFlight) {
    throw new RateLimitError(inFlightMessage(limits.maxInFlight));
  }
  const forSite = window.filter((r) => r.siteId === siteId).map((r) => Date.parse(r.createdAt));
  if (forSite.length >= limits.maxPerSitePerHour) {
    const minutes = minutesUntilRoom(forSite, limits.maxPerSitePerHour, now);
    throw new RateLimitError(perSiteMessage(limits.maxPerSitePerHour, minutes));
  }
  if (window.length >= limits.maxPerHour) {
    const times = window.map((r) => Date.parse(r.createdAt));
    throw new RateLimitError(
      hourlyMessage(limits.maxPerHour, minutesUntilRoom(times, limits.maxPerHour, now)),
    );
  }
  return { duplicate: undefined };
}

// ---------------------------------------------------------------- storage

const summary = (item: ScreenshotJobItem): ShotSummary => ({
  jobId: item.jobId,
  siteId: item.siteId,
  status: item.status,
  createdAt: item.createdAt,
});

/** The customer's screenshot jobs of the last hour, read consistently. */
async function recentShots(userId: string, now: Date): Promise<ShotSummary[]> {
  const { data } = await db.entities.screenshotJob.query
    .byOwner({ userId })
    .gte({ jobId: idFloor(new Date(now.getTime() - HOUR_MS)) })
    .go({ consistent: true, pages: "all" });
  return data.map(summary);
}

export interface ScreenshotRequestOptions {
  now?: Date;
  limits?: ScreenshotLimits;
  /**
   * Asked by the team (a site going live), not the customer: the customer's limits do not
   * apply. A preview already in flight for the site is still answered instead.
   */
  byStaff?: boolean;
}

const NO_LIMITS: ScreenshotLimits = {
  maxInFlight: Number.POSITIVE_INFINITY,
  maxPerHour: Number.POSITIVE_INFINITY,
  maxPerSitePerHour: Number.POSITIVE_INFINITY,
};

function limitsOf(options: ScreenshotRequestOptions): ScreenshotLimits {
  return options.byStaff ? NO_LIMITS : (options.limits ?? SCREENSHOT_LIMITS);
}

async function createJob(userId: string, siteId: string, now: Date): Promise<ScreenshotJobItem> {
  const { data } = await db.entities.screenshotJob
    .create({
      userId,
      siteId,
      status: "queued",
      expiresAt: Math.floor(now.getTime() / 1000) + RECORD_TTL_SECONDS,
    })
    .go();
  return data as ScreenshotJobItem;
}

/**
 * Two requests for one site at the same moment both pass admitScreenshot. DynamoDB here has
 * no transactions, so settle it after writing, as audits do: the job with the smallest id
 * wins, the others withdraw before anything is queued. Answers the jobs that stay.
 */
async function withdrawTwins(
  userId: string,
  created: ScreenshotJobItem[],
  now: Date,
): Promise<ScreenshotJobItem[]> {
  if (created.length === 0) return created;
  const inFlight = (await recentShots(userId, now)).filter((r) =>
    IN_FLIGHT_STATUSES.includes(effectiveStatus(r, now)),
  );
  const kept: ScreenshotJobItem[] = [];
  for (const job of created) {
    const earlier = inFlight.some((r) => r.siteId === job.siteId && r.jobId < job.jobId);
    if (earlier) {
      await db.entities.screenshotJob.delete({ userId, jobId: job.jobId }).go();
    } else {
      kept.push(job);
    }
  }
  return kept;
}

async function markNotQueued(jobs: ScreenshotJobItem[], now: Date): Promise<void> {
  await Promise.all(
    jobs.map((job) =>
      db.entities.screenshotJob
        .patch({ userId: job.userId, jobId: job.jobId })
        .set({
          status: "failed",
          error: SCREENSHOT_MESSAGES.notQueued,
          finishedAt: now.toISOString(),
        })
        .go()
        .catch(() => undefined),
    ),
  );
}

const message = (job: ScreenshotJobItem) =>
  ({ kind: "screenshot", userId: job.userId, siteId: job.siteId, jobId: job.jobId }) as const;

/** Queues a job for one site (already checked to be the caller's), or answers the one in flight. */
export async function requestOne(
  site: SiteItem,
  options: ScreenshotRequestOptions = {},
): Promise<RefreshScreenshotResponse> {
  if (!captureUrl(site)) throw new UnprocessableError(NO_URL_MESSAGE);
  const now = options.now ?? new Date();
  const { userId, siteId } = site;
  const { duplicate } = admitScreenshot(
    await recentShots(userId, now),
    siteId,
    limitsOf(options),
    now,
  );
  if (duplicate) return { success: true, message: SCREENSHOT_MESSAGES.alreadyQueued };

  const [job] = await withdrawTwins(userId, [await createJob(userId, siteId, now)], now);
  if (!job) return { success: true, message: SCREENSHOT_MESSAGES.alreadyQueued };
  try {
    await sendJob(message(job));
  } catch (error) {
    // Not queued means never run: say so on the record rather than leave it in flight.
    await markNotQueued([job], now);
    throw error;
  }
  return { success: true, message: SCREENSHOT_MESSAGES.queued };
}

/**
 * Queues a job for each of the caller's sites that has a URL and room under the limits; a
 * site with a preview in flight counts as refreshing. Sites without a URL are skipped. When
 * the limits leave room for none, answers the limit's RateLimitError.
 */
export async function requestAll(
  userId: string,
  options: ScreenshotRequestOptions = {},
): Promise<RefreshScreenshotsResponse> {
  const now = options.now ?? new Date();
  const limits = limitsOf(options);
  const { data } = await db.entities.site.query.byOwner({ userId }).go({ pages: "all" });
  const sites = data.filter((site) => captureUrl(site));

  const recent = await recentShots(userId, now);
  let inProgress = 0;
  let refused: DomainError | undefined;
  let skipped = 0;
  const created: ScreenshotJobItem[] = [];
  for (const site of sites) {
    try {
      const { duplicate } = admitScreenshot(recent, site.siteId, limits, now);
      if (duplicate) {
        inProgress += 1;
        continue;
      }
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      refused ??= error;
      skipped += 1;
      continue;
    }
    const job = await createJob(userId, site.siteId, now);
    created.push(job);
    // The next site's decision counts this one.
    recent.push(summary(job));
  }

  const kept = await withdrawTwins(userId, created, now);
  inProgress += created.length - kept.length;
  if (kept.length > 0) {
    try {
      await sendJobs(kept.map(message));
    } catch (error) {
      await markNotQueued(kept, now);
      throw error;
    }
  }

  const refreshedCount = kept.length + inProgress;
  if (refreshedCount === 0 && refused) throw refused;
  const more = skipped > 0 ? `; ${skipped} more must wait for the hourly limits` : "";
  return {
    success: true,
    refreshedCount,
    message:
      refreshedCount === 0
        ? "No sites have a URL to capture yet"
        : `Refreshing ${refreshedCount} site preview${refreshedCount === 1 ? "" : "s"}${more}`,
  };
}

// ---------------------------------------------------------------- worker side

export interface ShotMessage {
  userId: string;
  siteId: string;
  jobId?: string;
}

export interface ShotAttempt {
  /** 1 on the first delivery of the message. */
  receiveCount: number;
  /** Deliveries before the queue dead-letters the message (its redrive policy). */
  maxReceiveCount: number;
}

/**
 * One delivery of a screenshot job: marks it running, calls `capture`, stores the outcome.
 * As with audits (audits/worker.ts executeJob), a DomainError (the guard's refusal, a page that
 * answers with an error) is the answer: the job fails at once and the message is not retried.
 * Anything else is thrown for the queue to retry, the job queued again meanwhile and failed
 * on the last delivery. A job already finished or withdrawn is left alone. A message without
 * a job id (queued before job records existed) just runs.
 */
export async function executeScreenshotJob(
  message: ShotMessage,
  attempt: ShotAttempt,
  capture: () => Promise<unknown>,
): Promise<JobOutcome> {
  const { userId, jobId } = message;
  if (!jobId) {
    try {
      await capture();
      return "done";
    } catch (error) {
      if (error instanceof DomainError) return "failed";
      throw error;
    }
  }
  const { data: job } = await db.entities.screenshotJob
    .get({ userId, jobId })
    .go({ consistent: true });
  if (!job || job.status === "done" || job.status === "failed") return "skipped";

  const key = { userId, jobId };
  const stamp = () => new Date().toISOString();
  const store = (set: Record<string, unknown>) =>
    db.entities.screenshotJob
      .patch(key)
      .set(set)
      .go()
      .catch((error: unknown) => {
        // Gone meanwhile (its TTL, a test cleaning up): nothing left to record.
        if (!isConditionFailure(error)) throw error;
      });

  await store({ status: "running", startedAt: stamp() });
  try {
    await capture();
  } catch (error) {
    if (error instanceof DomainError) {
      await store({ status: "failed", error: error.message, finishedAt: stamp() });
      return "failed";
    }
    const last = attempt.receiveCount >= attempt.maxReceiveCount;
    await store(
      last
        ? { status: "failed", error: SCREENSHOT_MESSAGES.crashed, finishedAt: stamp() }
        : { status: "queued" },
    ).catch(() => undefined);
    throw error;
  }
  await store({ status: "done", finishedAt: stamp() });
  return "done";
}
