/**
 * What the queue consumers share: a batch is run one record at a time, and a record whose run
 * answers false is reported back alone (the event sources set reportBatchItemFailures), so SQS
 * retries it and not the records that went through; and one JSON log line on stdout.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

export async function eachRecord(
  event: SQSEvent,
  run: (record: SQSRecord) => Promise<boolean>,
): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    if (!(await run(record))) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}

export function logLine(
  level: "info" | "warn" | "error",
  msg: string,
  data: Record<string, unknown>,
): void {
  process.stdout.write(`${JSON.stringify({ level, msg, ...data })}\n`);
}
