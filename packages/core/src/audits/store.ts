/**
 * Where SEO and Lighthouse jobs are kept: the job record is the result record
 * (db/entities/audit.ts), under the customer's partition. Reads, the views the routes answer
 * with, and the write that settles jobs found stale.
 */
import type { LighthouseJob, SeoJob } from "../contracts/audit-jobs";
import { lighthouseResultSchema, seoResultSchema } from "../contracts/audits";
import {
  db,
  idFloor,
  isConditionFailure,
  type LighthouseResultItem,
  type SeoResultItem,
} from "../db/service";
import { HOUR_MS } from "./config";
import { type AuditKind, IN_FLIGHT_STATUSES } from "./enums";
import { effectiveStatus, type RunSummary } from "./limits";
import { JOB_MESSAGES } from "./texts";

export type AnyItem = SeoResultItem | LighthouseResultItem;

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

/**
 * Both kinds' runs created in the last hour, read consistently (a run made a moment ago counts).
 */
export async function recentRuns(userId: string, now: Date): Promise<RunSummary[]> {
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

export const entityOf = (kind: AuditKind) =>
  // The two entities share every attribute used below; Lighthouse adds `strategy`.
  (kind === "seo" ? db.entities.seoResult : db.entities.lighthouseResult) as unknown as Pick<
    typeof db.entities.lighthouseResult,
    "get" | "patch" | "delete" | "create" | "query"
  >;

export async function getItem(kind: AuditKind, userId: string, jobId: string) {
  const { data } = await entityOf(kind).get({ userId, jobId }).go({ consistent: true });
  return data ?? undefined;
}

/** Stores in-flight jobs found stale as failed, so the record says what the page shows. */
export async function settleStale(kind: AuditKind, items: AnyItem[], now: Date): Promise<void> {
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
