/**
 * The SQS consumer (the jobs worker in production; it runs each job's browser work on the
 * browser function, docs/security.md "The audit browser"). Each record is one job message; a
 * failed record is reported in `batchItemFailures` (the event source mapping has
 * ReportBatchItemFailures on), so only that record is retried and, after maxReceiveCount
 * deliveries, dead-lettered.
 */
import * as z from "@portal/core/contracts/zod";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import type { AnyJobKind } from "./define-job";
import { jobKinds } from "./job-kinds";

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

export function createJobsHandler(kinds: readonly AnyJobKind[]) {
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const schema = jobMessageSchema(kinds);

  async function runRecord(record: SQSRecord): Promise<boolean> {
    const context = {
      messageId: record.messageId,
      receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
    };
    let message: { kind: string };
    try {
      message = schema.parse(JSON.parse(record.body));
    } catch (error) {
      // A malformed message will not get better on retry, but failing it (rather than
      // dropping it) leaves it in the dead-letter queue where someone can look at it.
      log("error", "job message rejected", context, error);
      return false;
    }
    const kind = byKind.get(message.kind);
    if (!kind) return false; // unreachable: the schema only admits registered kinds
    const started = performance.now();
    try {
      await kind.run(message, context);
      log("info", "job done", { ...context, kind: kind.kind, durationMs: ms(started) });
      return true;
    } catch (error) {
      log("error", "job failed", { ...context, kind: kind.kind, durationMs: ms(started) }, error);
      return false;
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

export const handler = createJobsHandler(jobKinds);

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
