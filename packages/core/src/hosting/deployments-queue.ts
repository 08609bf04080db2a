/**
 * The Deployments queue (docs/hosting.md "Queue and worker"): a confirmed upload is handed to
 * the worker (packages/functions/src/workers/deployments.ts), which unpacks it; no API handler
 * unpacks 100 MB or outlives API Gateway's 30 s.
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { readBinding } from "../adapters/bindings";
import { sqs } from "../adapters/sqs";
import * as z from "../contracts/zod";

const id = () => z.string().check(z.minLength(1));

/** Build a confirmed upload (build.ts). */
export const deploymentMessageSchema = z.object({
  userId: id(),
  siteId: id(),
  deploymentId: id(),
});
export type DeploymentMessage = z.infer<typeof deploymentMessageSchema>;

/**
 * A deleted site's hosting, erased (erase.ts): its routing entries and every deployment's files.
 * The site is gone by then, so the message carries what the worker needs of it.
 */
export const eraseMessageSchema = z.object({
  kind: z.literal("erase"),
  userId: id(),
  siteId: id(),
  /** The hosts that served it and its deployments' preview hosts. */
  hosts: z.array(z.string()),
  deploymentIds: z.array(z.string()),
});
export type EraseMessage = z.infer<typeof eraseMessageSchema>;

/**
 * A site's hosts brought in line with its record (sync-run.ts): paused while it is suspended,
 * its live deployment again once resumed (docs/hosting.md "Paused sites"). The worker reads the
 * site when it runs, so a late or repeated message writes the current state.
 */
export const syncMessageSchema = z.object({
  kind: z.literal("sync"),
  userId: id(),
  siteId: id(),
});
export type SyncMessage = z.infer<typeof syncMessageSchema>;

export const hostingMessageSchema = z.union([
  eraseMessageSchema,
  syncMessageSchema,
  deploymentMessageSchema,
]);
export type HostingMessage = z.infer<typeof hostingMessageSchema>;

export async function sendDeployment(message: HostingMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: readBinding("deployments"),
      MessageBody: JSON.stringify(message),
    }),
  );
}
