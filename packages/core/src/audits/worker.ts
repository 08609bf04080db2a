/**
 * The worker side of SEO and Lighthouse runs: one delivery of a queued job (its message is
 * message.ts) is marked running, run on the browser function (browser/client.ts), and stored done with its
 * result or failed with a message the page can show.
 */
import type { LighthouseResult, SeoResult } from "../contracts/audits";
import { $ZodError } from "../contracts/zod";
import { db, isConditionFailure, isInvalidWrite } from "../db/service";
import { DomainError } from "../errors";
import { emit } from "../events/emit";
import { isOnSiteHosts } from "../sites/site-hosts";
import type { AuditKind, Strategy } from "./enums";
import type { AuditJobMessage } from "./message";
import { entityOf, getItem } from "./store";
import { JOB_MESSAGES } from "./texts";

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

export interface Attempt {
  /** 1 on the first delivery of the message. */
  receiveCount: number;
  /** Deliveries before the queue dead-letters the message (its redrive policy). */
  maxReceiveCount: number;
}

/** What the run needs from the stored job. */
export interface JobTarget {
  url: string;
  strategy: Strategy;
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
  message: AuditJobMessage,
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
    if (error instanceof $ZodError) {
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
