/**
 * The Deployments queue (docs/hosting.md "Queue and worker"): a confirmed upload is handed to
 * the worker (packages/functions/src/workers/deployments.ts), which unpacks it; no API handler
 * unpacks 100 MB or outlives API Gateway's 30 s.
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { readBinding } from "../adapters/bindings";
import { sqs } from "../adapters/sqs";
import * as z from "../contracts/zod";

export const deploymentMessageSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  siteId: z.string().check(z.minLength(1)),
  deploymentId: z.string().check(z.minLength(1)),
});
export type DeploymentMessage = z.infer<typeof deploymentMessageSchema>;

export async function sendDeployment(message: DeploymentMessage): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: readBinding("deployments"),
      MessageBody: JSON.stringify(message),
    }),
  );
}
