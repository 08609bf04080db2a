/**
 * SEO and Lighthouse runs as jobs (DECISIONS.md): the API stores a job owned by the caller
 * (queued) and sends it to the Jobs queue; the Chromium worker marks it running and stores it
 * done with its result, or failed with a message the page can show. The job record is the
 * result record (db/entities/audit.ts).
 *
 * Limits per customer, across both kinds (they share one worker): at most AUDIT_MAX_IN_FLIGHT
 * queued or running (default 3) and AUDIT_MAX_PER_HOUR started in the last hour (default 20).
 * Asking again for a URL (and strategy) that is already queued or running answers that job
 * instead of queueing a second one.
 */
import { ZodError } from "zod";
import { sendJob } from "../adapters/queue";
import {
  type AuditJobStatus,
  IN_FLIGHT_STATUSES,
  type LighthouseAnalyzeRequest,
  type LighthouseJob,
  lighthouseAnalyzeRequestSchema,
  type SeoAnalyzeRequest,
  type SeoJob,
  seoAnalyzeRequestSchema,
} from "../contracts/audit-jobs";
import {
  type AuditStrategy,
  type LighthouseResult,
  lighthouseResultSchema,
  type SeoResult,
  seoResultSchema,
} from "../contracts/audits";
import {
  db,
  idFloor,
  isConditionFailure,
  isId,
  isInvalidWrite,
  type LighthouseResultItem,
  type SeoResultItem,
} from "../db/service";
import { DomainError, NotFoundError, RateLimitError, ValidationError } from "../errors";
import { emit } from "../events/emit";
import { isOnSiteHosts } from "../sites/site-hosts";

declare module "../adapters/queue" {
  interface JobMessages {
    seo: { userId: string; jobId: string };
    lighthouse: { userId: string; jobId: string };
  }
}

export type AuditKind = "seo" | "lighthouse";

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

export const JOB_MESSAGES = {
  crashed: "The analysis could not be completed. Please try again.",
  stale: "The analysis did not finish in time. Please try again.",
  notQueued: "The analysis could not be started. Please try again.",
  siteNotFound: "Unknown site",
  unstorable: "The results of this page are too large or malformed to store.",
} as const;

export function inFlightLimitMessage(max: number): string {
  return `You already have ${max} ${max === 1 ? "analysis" : "analyses"} in progress. Please wait for one to finish before starting another.`;
}

export function hourlyLimitMessage(max: number, minutes: number): string {
  return `You have reached the limit of ${max} analyses per hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

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

// ---------------------------------------------------------------- pure rules

/** What the limit and duplicate rules need to know about a run. */
export interface RunSummary {
  kind: AuditKind;
  jobId: string;
  url: string;
  strategy: AuditStrategy | null;
  status: AuditJobStatus;
  createdAt: string;
}

/** The status a person should see: an in-flight job past STALE_AFTER_MS is failed. */
export function effectiveStatus(
  run: Pick<RunSummary, "status" | "createdAt">,
  now: Date,
): AuditJobStatus {
  if (!IN_FLIGHT_STATUSES.includes(run.status)) return run.status;
  return now.getTime() - Date.parse(run.createdAt) >= STALE_AFTER_MS ? "failed" : run.status;
}

function isInFlight(run: RunSummary, now: Date): boolean {
  return IN_FLIGHT_STATUSES.includes(effectiveStatus(run, now));
}

function sameTarget(run: RunSummary, want: Omit<RunSummary, "jobId" | "status" | "createdAt">) {
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

// ---------------------------------------------------------------- storage

type AnyItem = SeoResultItem | LighthouseResultItem;

function summary(kind: AuditKind, item: AnyItem): RunSummary {
  return {
    kind,
    jobId: item.jobId,
    url: item.url,
    strategy: "strategy" in item ? item.strategy : null,
    status: item.status,
    createdAt: item.createdAt,
  };
}

/** Both kinds' runs created in the last hour, read consistently (a run made a moment ago counts). */
async function recentRuns(userId: string, now: Date): Promise<RunSummary[]> {
  const floor = { jobId: idFloor(new Date(now.getTime() - HOUR_MS)) };
  const options = { consistent: true, pages: "all" } as const;
  const [seo, lighthouse] = await Promise.all([
    db.entities.seoResult.query.byOwner({ userId }).gte(floor).go(options),
    db.entities.lighthouseResult.query.byOwner({ userId }).gte(floor).go(options),
  ]);
  return [
    ...seo.data.map((item) => summary("seo", item)),
    ...lighthouse.data.map((item) => summary("lighthouse", item)),
  ];
}

function resultOf<T>(
  item: AnyItem,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T | null {
  if (item.result === undefined || item.result === null) return null;
  const parsed = schema.safeParse(item.result);
  // A stored result that no longer fits the contract is shown as "invalid data", not a 500.
  return parsed.success ? parsed.data : null;
}

function baseView(item: AnyItem, now: Date) {
  const status = effectiveStatus(item, now);
  const stale = status !== item.status;
  return {
    id: item.jobId,
    url: item.url,
    siteId: item.siteId ?? null,
    status,
    error: stale ? JOB_MESSAGES.stale : status === "failed" ? (item.error ?? null) : null,
    createdAt: item.createdAt,
    startedAt: item.startedAt ?? null,
    finishedAt: item.finishedAt ?? null,
  };
}

export function seoView(item: SeoResultItem, now = new Date()): SeoJob {
  return { ...baseView(item, now), kind: "seo", result: resultOf(item, seoResultSchema) };
}

export function lighthouseView(item: LighthouseResultItem, now = new Date()): LighthouseJob {
  return {
    ...baseView(item, now),
    kind: "lighthouse",
    strategy: item.strategy,
    result: resultOf(item, lighthouseResultSchema),
  };
}

const entityOf = (kind: AuditKind) =>
  // The two entities share every attribute used below; Lighthouse adds `strategy`.
  (kind === "seo" ? db.entities.seoResult : db.entities.lighthouseResult) as unknown as Pick<
    typeof db.entities.lighthouseResult,
    "get" | "patch" | "delete" | "create" | "query"
  >;

async function getItem(kind: AuditKind, userId: string, jobId: string) {
  const { data } = await entityOf(kind).get({ userId, jobId }).go({ consistent: true });
  return data ?? undefined;
}

/** Stores in-flight jobs found stale as failed, so the record says what the page shows. */
async function settleStale(kind: AuditKind, items: AnyItem[], now: Date): Promise<void> {
  const stale = items.filter(
    (item) => IN_FLIGHT_STATUSES.includes(item.status) && effectiveStatus(item, now) === "failed",
  );
  await Promise.all(
    stale.map((item) =>
      entityOf(kind)
        .patch({ userId: item.userId, jobId: item.jobId })
        .set({ status: "failed", error: JOB_MESSAGES.stale, finishedAt: now.toISOString() })
        // Only if still in flight: a late "done" from the worker must not be overwritten.
        .where(({ status }, { eq }) => `${eq(status, "queued")} OR ${eq(status, "running")}`)
        .go()
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        }),
    ),
  );
}

// ---------------------------------------------------------------- API side

export interface RequestOptions {
  now?: Date;
  limits?: AuditLimits;
}

interface NewRun {
  url: string;
  strategy: AuditStrategy | null;
  siteId?: string;
}

async function requestRun(
  kind: AuditKind,
  userId: string,
  run: NewRun,
  options: RequestOptions,
): Promise<AnyItem> {
  const now = options.now ?? new Date();
  if (run.siteId) {
    const { data: site } = await db.entities.site.get({ userId, siteId: run.siteId }).go();
    if (!site) {
      throw new ValidationError(JOB_MESSAGES.siteNotFound, { siteId: JOB_MESSAGES.siteNotFound });
    }
  }
  const limits = options.limits ?? (await limitsFromConfig());
  const want = { kind, url: run.url, strategy: run.strategy };
  const { duplicate } = admit(await recentRuns(userId, now), want, limits, now);
  if (duplicate) {
    const existing = await getItem(kind, userId, duplicate.jobId);
    if (existing) return existing;
  }

  const entity = entityOf(kind);
  const { data: created } = await entity
    .create({
      userId,
      url: run.url,
      status: "queued",
      ...(run.siteId ? { siteId: run.siteId } : {}),
      ...(kind === "lighthouse" && run.strategy ? { strategy: run.strategy } : {}),
    })
    .go();

  // Two identical requests at the same moment (a double click) both pass the check above.
  // DynamoDB here has no transactions, so settle it after writing: the run with the smallest
  // id wins, the other withdraws before anything is queued.
  const twins = (await recentRuns(userId, now)).filter(
    (r) => r.jobId !== created.jobId && isInFlight(r, now) && sameTarget(r, want),
  );
  const winner = twins.sort((a, b) => a.jobId.localeCompare(b.jobId))[0];
  if (winner && winner.jobId < created.jobId) {
    await entity.delete({ userId, jobId: created.jobId }).go();
    const existing = await getItem(kind, userId, winner.jobId);
    if (existing) return existing;
  }

  try {
    await sendJob({ kind, userId, jobId: created.jobId });
  } catch (error) {
    // Not queued means never run: say so on the record rather than leave it "queued".
    await entity
      .patch({ userId, jobId: created.jobId })
      .set({ status: "failed", error: JOB_MESSAGES.notQueued, finishedAt: now.toISOString() })
      .go()
      .catch(() => undefined);
    throw error;
  }
  return created as AnyItem;
}

/** POST /api/seo/analyze: queues an SEO analysis (or answers the identical one in flight). */
export async function requestSeo(
  userId: string,
  input: SeoAnalyzeRequest,
  options: RequestOptions = {},
): Promise<SeoJob> {
  const request = seoAnalyzeRequestSchema.parse(input);
  const item = await requestRun("seo", userId, { ...request, strategy: null }, options);
  return seoView(item as SeoResultItem, options.now);
}

/** POST /api/lighthouse/analyze: queues a Lighthouse run (or answers the identical one in flight). */
export async function requestLighthouse(
  userId: string,
  input: LighthouseAnalyzeRequest,
  options: RequestOptions = {},
): Promise<LighthouseJob> {
  const request = lighthouseAnalyzeRequestSchema.parse(input);
  const item = await requestRun("lighthouse", userId, request, options);
  return lighthouseView(item as LighthouseResultItem, options.now);
}

/** GET /api/seo/results: the caller's newest runs first, whatever their status. */
export async function listSeo(userId: string, now = new Date()): Promise<SeoJob[]> {
  const { data } = await db.entities.seoResult.query
    .byOwner({ userId })
    .go({ order: "desc", limit: LIST_LIMIT, consistent: true });
  await settleStale("seo", data, now);
  return data.map((item) => seoView(item, now));
}

/** GET /api/lighthouse/results: the caller's newest runs first, whatever their status. */
export async function listLighthouse(userId: string, now = new Date()): Promise<LighthouseJob[]> {
  const { data } = await db.entities.lighthouseResult.query
    .byOwner({ userId })
    .go({ order: "desc", limit: LIST_LIMIT, consistent: true });
  await settleStale("lighthouse", data, now);
  return data.map((item) => lighthouseView(item, now));
}

const NOT_FOUND = "Analysis not found";

async function ownJob(kind: AuditKind, userId: string, jobId: string, now: Date) {
  // Not our id format: a plain 404, and nothing odd reaches a key condition.
  const item = isId(jobId) ? await getItem(kind, userId, jobId) : undefined;
  if (!item) throw new NotFoundError(NOT_FOUND);
  await settleStale(kind, [item], now);
  return item;
}

/** GET /api/seo/results/{id}: one of the caller's runs (what a page polls while it runs). */
export async function getSeo(userId: string, jobId: string, now = new Date()): Promise<SeoJob> {
  return seoView((await ownJob("seo", userId, jobId, now)) as SeoResultItem, now);
}

/** GET /api/lighthouse/results/{id}: one of the caller's runs. */
export async function getLighthouse(
  userId: string,
  jobId: string,
  now = new Date(),
): Promise<LighthouseJob> {
  return lighthouseView(
    (await ownJob("lighthouse", userId, jobId, now)) as LighthouseResultItem,
    now,
  );
}

// ---------------------------------------------------------------- worker side

/**
 * The site's performance score (the dashboard's upsell reads it) follows its latest mobile
 * run: one yardstick, the one Google's own tools default to. Only a run of one of the site's
 * own hosts counts (sites/site-hosts.ts), read as they are now: a run started from the site
 * but pointed elsewhere says nothing about the site.
 */
async function scoreSite(userId: string, siteId: string, url: string, score: number) {
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site || !isOnSiteHosts(site, url)) return;
  await db.entities.site
    .patch({ userId, siteId })
    .set({ performanceScore: score })
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

export interface JobMessage {
  userId: string;
  jobId: string;
}

export interface Attempt {
  /** 1 on the first delivery of the message. */
  receiveCount: number;
  /** Deliveries before the queue dead-letters the message (its redrive policy). */
  maxReceiveCount: number;
}

/** What the run needs from the stored job. */
export interface JobTarget {
  url: string;
  strategy: AuditStrategy;
}

export type JobOutcome = "done" | "failed" | "skipped";

/**
 * Runs one delivery of a job: marks it running, calls `execute`, stores the outcome.
 *
 * - A DomainError (the outbound guard's refusal, a page that cannot be loaded or scored) is
 *   the answer: the job fails with its message and the message is not retried.
 * - A result that cannot be stored (its schema refuses it, or DynamoDB does: an item over
 *   400 KB) would be refused again on every retry: the job fails at once, not as a crash.
 * - Anything else is a crash. It is thrown so the queue retries; the job shows queued again
 *   meanwhile. On the last delivery the job is stored failed first, then the error is thrown
 *   so the message still goes to the dead-letter queue for someone to look at.
 *
 * A job already done or failed (SQS delivers at least once) or withdrawn is left alone.
 */
export async function executeJob<R extends SeoResult | LighthouseResult>(
  kind: AuditKind,
  message: JobMessage,
  attempt: Attempt,
  execute: (target: JobTarget) => Promise<R>,
): Promise<JobOutcome> {
  const { userId, jobId } = message;
  const entity = entityOf(kind);
  const job = await getItem(kind, userId, jobId);
  if (!job || job.status === "done" || job.status === "failed") return "skipped";

  const key = { userId, jobId };
  const stamp = () => new Date().toISOString();
  await entity.patch(key).set({ status: "running", startedAt: stamp() }).remove(["error"]).go();

  const fail = (message: string) =>
    entity
      .patch(key)
      .set({ status: "failed", error: message, finishedAt: stamp() })
      .go()
      .catch((e: unknown) => {
        if (!isConditionFailure(e)) throw e;
      });

  let result: R;
  try {
    result = await execute({ url: job.url, strategy: "strategy" in job ? job.strategy : "mobile" });
  } catch (error) {
    if (error instanceof DomainError) {
      await fail(error.message);
      return "failed";
    }
    if (error instanceof ZodError) {
      await fail(JOB_MESSAGES.unstorable);
      return "failed";
    }
    const last = attempt.receiveCount >= attempt.maxReceiveCount;
    await entity
      .patch(key)
      .set(
        last
          ? { status: "failed", error: JOB_MESSAGES.crashed, finishedAt: stamp() }
          : { status: "queued" },
      )
      .go()
      .catch(() => undefined);
    throw error;
  }

  try {
    await entity
      .patch(key)
      .set({ status: "done", result, finishedAt: stamp() })
      .remove(["error"])
      .go();
  } catch (error) {
    // Withdrawn or deleted while it ran: nobody is waiting for it.
    if (isConditionFailure(error)) return "skipped";
    if (isInvalidWrite(error)) {
      await fail(JOB_MESSAGES.unstorable);
      return "failed";
    }
    throw error;
  }

  if (kind === "lighthouse" && job.siteId && "scores" in result && result.strategy === "mobile") {
    await scoreSite(userId, job.siteId, job.url, result.scores.performance);
  }
  // For the customer's webhooks (docs/developer-api.md); keyed by the job, so a redelivered
  // message that finds the job done emits nothing new.
  await emit({
    type: "audit.completed",
    eventId: `audit.completed:${jobId}`,
    userId,
    kind,
    jobId,
    url: job.url,
    siteId: job.siteId ?? null,
    score: "scores" in result ? result.scores.performance : "score" in result ? result.score : null,
  });
  return "done";
}
