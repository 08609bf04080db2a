/**
 * The PrivacyJobs consumer (docs/privacy.md): one job per message, a customer's data export
 * (core/privacy/export-job.ts) or the erasure of their account (core/privacy/delete-account.ts).
 * A failed job is retried by SQS; on the last receive an export is marked failed (so /settings
 * says so and the customer may ask again) and the message goes to the dead-letter queue, whose
 * alarm someone looks at.
 */
import { eraseAccount } from "@portal/core/privacy/erase-account";
import { failExport, runExport } from "@portal/core/privacy/export-job";
import { type PrivacyJob, privacyJobSchema } from "@portal/core/privacy/jobs-queue";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { privacyJobsConsumer } from "../routes";
import { eachRecord, logLine } from "./records";

function run(job: PrivacyJob) {
  return job.kind === "export" ? runExport(job) : eraseAccount(job.userId, job.requestedBy);
}

async function runRecord(record: SQSRecord): Promise<boolean> {
  let parsed: ReturnType<typeof privacyJobSchema.safeParse>;
  try {
    parsed = privacyJobSchema.safeParse(JSON.parse(record.body));
  } catch {
    parsed = privacyJobSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    logLine("error", "privacy job rejected", { messageId: record.messageId });
    return false;
  }
  const job = parsed.data;
  const started = Date.now();
  try {
    const outcome = await run(job);
    logLine("info", "privacy job", { ...job, outcome, ms: Date.now() - started });
    return true;
  } catch (error) {
    const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const last = receives >= privacyJobsConsumer.maxReceiveCount;
    logLine("error", "privacy job failed", {
      ...job,
      receives,
      last,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    if (last && job.kind === "export") await failExport(job, "the export could not be built");
    return false;
  }
}

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, runRecord);
