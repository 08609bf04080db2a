/**
 * The API side of SEO and Lighthouse runs: the routes store a job owned by the caller
 * (queued) and send it to the Jobs queue, answering 202 at once (docs/decisions.md); the
 * pages then poll the job until the worker (worker.ts) has stored it done or failed.
 */
import { sendJob } from "../adapters/queue";
import {
  type LighthouseAnalyzeRequest,
  type LighthouseJob,
  lighthouseAnalyzeRequestSchema,
  type SeoAnalyzeRequest,
  type SeoJob,
  seoAnalyzeRequestSchema,
} from "../contracts/audit-jobs";
import { db, isId, type LighthouseResultItem, type SeoResultItem } from "../db/service";
import { NotFoundError, ValidationError } from "../errors";
import { type AuditLimits, LIST_LIMIT, limitsFromConfig } from "./config";
import type { AuditKind, Strategy } from "./enums";
import { admit, isInFlight, sameTarget } from "./limits";
import { auditJobMessage } from "./message";
import {
  type AnyItem,
  entityOf,
  getItem,
  lighthouseView,
  recentRuns,
  seoView,
  settleStale,
} from "./store";
import { JOB_MESSAGES } from "./texts";

export interface RequestOptions {
  now?: Date;
  limits?: AuditLimits;
}

interface NewRun {
  url: string;
  strategy: Strategy | null;
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
    await sendJob(auditJobMessage(kind, { userId, jobId: created.jobId }));
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

/**
 * POST /api/lighthouse/analyze: queues a Lighthouse run (or answers the identical one in flight).
 */
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
