/**
 * The SQS port: sends job messages to the Jobs queue (Queue.Jobs.queueUrl), which the
 * jobs worker (packages/functions/src/workers/jobs.ts) consumes.
 *
 * Each job kind declares its message here by adding a property to `JobMessages` — from its
 * own module, with declaration merging, so no one edits this file to add a kind:
 *
 *   declare module "@portal/core/adapters/queue" {      // or "../adapters/queue" inside core
 *     interface JobMessages { seo: { userId: string; jobId: string } }
 *   }
 *
 * `sendJob({ kind: "seo", userId, jobId })` is then type-checked against that shape. The
 * worker parses every message with the kind's zod schema anyway, so this is a compile-time
 * contract, not trust.
 */
import { SendMessageBatchCommand, SendMessageCommand } from "@aws-sdk/client-sqs";
import { readBinding } from "./bindings";
import { sqs } from "./sqs";

/** Job kind → its payload (without `kind`). Extended by each kind's module. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface JobMessages {}

/** The message union: `{ kind, ...payload }` for every declared kind. */
export type JobMessage = {
  [K in keyof JobMessages]: { kind: K } & JobMessages[K];
}[keyof JobMessages];

/** Queue.Jobs.queueUrl, which the jobs:send grant binds. */
const jobsQueueUrl = () => readBinding("jobs");

/** Sends one job; answers the SQS message id. */
export async function sendJob(message: JobMessage): Promise<string> {
  const sent = await sqs().send(
    new SendMessageCommand({ QueueUrl: jobsQueueUrl(), MessageBody: JSON.stringify(message) }),
  );
  if (!sent.MessageId) throw new Error("SQS answered no message id");
  return sent.MessageId;
}

/**
 * Puts a job the worker received back on the queue, `delaySeconds` from now (its customer's
 * share of the workers is in use: browser/worker-share.ts). The body is the received message
 * with the worker's bookkeeping added, so it is not typed as a new job.
 */
export async function requeueJob(
  body: { kind: string; deferrals: number },
  delaySeconds: number,
): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: jobsQueueUrl(),
      MessageBody: JSON.stringify(body),
      // SQS holds a message back at most 15 minutes.
      DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}

/** SQS takes at most 10 messages per batch call. */
const BATCH_SIZE = 10;

/**
 * Sends many jobs in batches of ten. Throws if any message was not accepted, after the
 * others were sent: a caller that retries may then enqueue some twice, which every job kind
 * must tolerate anyway (SQS delivers at least once).
 */
export async function sendJobs(messages: readonly JobMessage[]): Promise<number> {
  let sent = 0;
  const failures: string[] = [];
  for (let start = 0; start < messages.length; start += BATCH_SIZE) {
    const chunk = messages.slice(start, start + BATCH_SIZE);
    const result = await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: jobsQueueUrl(),
        Entries: chunk.map((message, i) => ({
          Id: String(i),
          MessageBody: JSON.stringify(message),
        })),
      }),
    );
    sent += result.Successful?.length ?? 0;
    for (const failed of result.Failed ?? []) failures.push(failed.Message ?? failed.Code ?? "?");
  }
  if (failures.length > 0) {
    throw new Error(`SQS refused ${failures.length} of ${messages.length} jobs: ${failures[0]}`);
  }
  return sent;
}
