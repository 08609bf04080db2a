/**
 * The SQS consumer (the jobs worker in production; it runs each job's browser work on the
 * browser function, docs/security.md "The audit browser"). Each record is one job message; a
 * failed record is reported in `batchItemFailures` (the event source mapping has
 * ReportBatchItemFailures on), so only that record is retried and, after maxReceiveCount
 * deliveries, dead-lettered.
 *
 * Every job names its customer (`userId`), and a customer's jobs hold at most a few of the
 * workers at once (core/browser/worker-share.ts; docs/security.md, "Background work"): a job
 * whose customer has no slot free goes back on the queue for later, which is no failure.
 */
import { claimWorker, deferJob } from "@portal/core/browser/worker-share";
import * as z from "@portal/core/contracts/zod";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type { AnyJobKind } from "./define-job";
import { jobKinds } from "./job-kinds";
import { JOBS_WORKER_TIMEOUT_SECONDS } from "./job-settings";

/** How the worker shares itself between customers: their slots, and putting a job back. */
export interface JobsShare {
  /** One of the customer's slots (answering its release), or undefined when all are held. */
  claim(userId: string): Promise<(() => Promise<void>) | undefined>;
  /** Puts the job back on the queue for later; answers the delay in seconds. */
  defer(message: { kind: string; deferrals?: number }): Promise<number>;
}

/** The deployed share: slots leased for the worker's whole timeout, in the table. */
export const workerShare: JobsShare = {
  claim: (userId) => claimWorker(userId, JOBS_WORKER_TIMEOUT_SECONDS * 1000),
  defer: (message) => deferJob(message),
};

/** The times a message was put back already (the worker's bookkeeping beside the job). */
function deferralsOf(body: unknown): number {
  const value = (body as { deferrals?: unknown } | null)?.deferrals;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}

/** The message union: a zod discriminated union on `kind` over the registered kinds. */
export function jobMessageSchema(kinds: readonly AnyJobKind[]): z.ZodMiniType<{ kind: string }> {
  const [first, ...rest] = kinds.map((k) => k.schema);
  // zod needs at least one option; with none registered every message is unknown.
  if (!first) {
    return z.never({ error: "No job kinds are registered" }) as z.ZodMiniType<{ kind: string }>;
  }
  return z.discriminatedUnion("kind", [first, ...rest]) as unknown as z.ZodMiniType<{
    kind: string;
  }>;
}

export function createJobsHandler(kinds: readonly AnyJobKind[], share?: JobsShare) {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const schema = jobMessageSchema(kinds);

  async function runRecord(record: SQSRecord): Promise<boolean> {
    const context = {
      messageId: record.messageId,
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
    };
    let message: { kind: string; userId?: unknown };
    let deferrals = 0;
    try {
      const body: unknown = JSON.parse(record.body);
      deferrals = deferralsOf(body);
      message = schema.parse(body);
    } catch (error) {
      // A malformed message will not get better on retry, but failing it (rather than
      // dropping it) leaves it in the dead-letter queue where someone can look at it.
      log("error", "job message rejected", context, error);
      return false;
    }
    const kind = byKind.get(message.kind);
    if (!kind) return false; // unreachable: the schema only admits registered kinds
    const owner = typeof message.userId === "string" ? message.userId : undefined;
    let release: (() => Promise<void>) | undefined;
    if (share && owner) {
      try {
        release = await share.claim(owner);
        if (!release) {
          const delaySeconds = await share.defer({ ...message, deferrals });
          log("info", "job deferred", { ...context, kind: kind.kind, userId: owner, delaySeconds });
          return true;
        }
      } catch (error) {
        // The table or the queue failed: the message comes back as a failed receive.
        log("error", "job not shared out", { ...context, kind: kind.kind }, error);
        return false;
      }
    }
    const started = performance.now();
    try {
      await kind.run(message, context);
      log("info", "job done", { ...context, kind: kind.kind, durationMs: ms(started) });
      return true;
    } catch (error) {
      log("error", "job failed", { ...context, kind: kind.kind, durationMs: ms(started) }, error);
      return false;
    } finally {
      await release?.();
    }
  }

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
    // One at a time: a Chromium job uses most of the function's memory.
    for (const record of event.Records) {
      if (!(await runRecord(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
    }
    return { batchItemFailures };
  };
}

export const handler = createJobsHandler(jobKinds, workerShare);

function ms(started: number) {
  return Math.round(performance.now() - started);
}

function log(level: "info" | "error", msg: string, data: Record<string, unknown>, error?: unknown) {
  const line: Record<string, unknown> = { level, msg, ...data };
  if (error !== undefined) {
    line.error =
      error instanceof z.$ZodError
        ? { message: "invalid job message", issues: error.issues }
        : error instanceof Error
          ? { name: error.name, message: error.message, stack: error.stack }
          : { message: String(error) };
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
