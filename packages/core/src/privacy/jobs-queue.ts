/**
 * The PrivacyJobs queue (stacks/Privacy.ts, docs/privacy.md): the work the customer's data
 * routes hand off, so no API handler carries the bucket, the identity provider's client and
 * Stripe at once (the 1 MB budget, docs/performance.md) or outlives API Gateway's 30 s.
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { readBinding } from "../adapters/bindings";
import { sqs } from "../adapters/sqs";
import * as z from "../contracts/zod";

export const privacyJobSchema = z.discriminatedUnion("kind", [
  /** Build the customer's export `exportId` (export-job.ts). */
  z.object({
    kind: z.literal("export"),
    userId: z.string().check(z.minLength(1)),
    exportId: z.string().check(z.minLength(1)),
  }),
  /**
   * Erase the customer's account (delete-account.ts). `requestedBy`: the person who asked; the
   * identity deleted with the account is only theirs, when the account is their own (its id is
   * their user id). Absent in jobs queued before teams: the account's own person asked.
   */
  z.object({
    kind: z.literal("delete-account"),
    userId: z.string().check(z.minLength(1)),
    requestedBy: z.optional(z.string().check(z.minLength(1))),
  }),
]);
export type PrivacyJob = z.infer<typeof privacyJobSchema>;

export async function sendPrivacyJob(job: PrivacyJob): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: readBinding("privacyJobs"),
      MessageBody: JSON.stringify(job),
    }),
  );
}
