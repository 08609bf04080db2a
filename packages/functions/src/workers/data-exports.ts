/**
 * The data exports consumer (docs/privacy.md): one customer's export per message, built by
 * core/privacy/export.ts. A failed build is retried by SQS; on the last receive the export is
 * marked failed (so /settings says so and the customer may ask again) and the message goes to
 * the dead-letter queue, whose alarm someone looks at.
 */
import * as Export from "@portal/core/privacy/export";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { dataExportsConsumer } from "../routes";

async function runRecord(record: SQSRecord): Promise<boolean> {
  let parsed: ReturnType<typeof Export.exportMessageSchema.safeParse>;
  try {
    parsed = Export.exportMessageSchema.safeParse(JSON.parse(record.body));
  } catch {
    parsed = Export.exportMessageSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    log("error", "data export message rejected", { messageId: record.messageId });
    return false;
  }
  const started = Date.now();
  try {
    const outcome = await Export.run(parsed.data);
    log("info", "data export", { ...parsed.data, outcome, ms: Date.now() - started });
    return true;
  } catch (error) {
    const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const last = receives >= dataExportsConsumer.maxReceiveCount;
    log("error", "data export failed", {
      ...parsed.data,
      receives,
      last,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    if (last) await Export.fail(parsed.data, "the export could not be built");
    return false;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    if (!(await runRecord(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}

function log(level: "info" | "error", msg: string, data: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ level, msg, ...data })}\n`);
}
