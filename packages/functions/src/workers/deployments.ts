/**
 * The Deployments consumer (docs/hosting.md "Queue and worker"): one deployment per message,
 * unpacked by core/hosting/build.ts. A crash is retried by SQS; on the last receive the
 * deployment is marked failed, so the console says so instead of "building" for ever.
 */
import { buildDeployment, failDeployment } from "@portal/core/hosting/build";
import {
  type DeploymentMessage,
  deploymentMessageSchema,
} from "@portal/core/hosting/deployments-queue";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { deploymentsConsumer } from "../routes";
import { eachRecord, logLine } from "./records";

async function runRecord(record: SQSRecord): Promise<boolean> {
  let message: DeploymentMessage;
  try {
    message = deploymentMessageSchema.parse(JSON.parse(record.body));
  } catch {
    logLine("error", "deployment message rejected", { messageId: record.messageId });
    return true;
  }
  const started = Date.now();
  try {
    const outcome = await buildDeployment(message);
    logLine("info", "deployment", { ...message, outcome, ms: Date.now() - started });
    return true;
  } catch (error) {
    const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const last = receives >= deploymentsConsumer.maxReceiveCount;
    logLine("error", "deployment failed", {
      ...message,
      receives,
      last,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    if (last) await failDeployment(message, "The build could not be finished: upload it again");
    return false;
  }
}

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, runRecord);
