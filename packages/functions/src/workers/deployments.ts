/**
 * The Deployments consumer (docs/hosting.md "Queue and worker"): one message per invocation, a
 * deployment to unpack (core/hosting/build.ts), a deleted site's hosting to erase
 * (core/hosting/erase.ts), or a suspended or resumed site's hosts to bring in line
 * (core/hosting/sync-run.ts). A crash is retried by SQS; on the last receive a deployment is marked
 * failed, so the console says so instead of "building" for ever.
 */
import { buildDeployment, failDeployment } from "@portal/core/hosting/build";
import { type HostingMessage, hostingMessageSchema } from "@portal/core/hosting/deployments-queue";
import { runErase } from "@portal/core/hosting/erase-run";
import { runSync } from "@portal/core/hosting/sync-run";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { deploymentsConsumer } from "../routes";
import { eachRecord, logLine } from "./records";

async function erased(message: Parameters<typeof runErase>[0]): Promise<"erased"> {
  await runErase(message);
  return "erased";
}

function run(message: HostingMessage): Promise<string> {
  if (!("kind" in message)) return buildDeployment(message);
  return message.kind === "erase" ? erased(message) : runSync(message);
}

async function runRecord(record: SQSRecord): Promise<boolean> {
  let message: HostingMessage;
  try {
    message = hostingMessageSchema.parse(JSON.parse(record.body));
  } catch {
    logLine("error", "deployment message rejected", { messageId: record.messageId });
    return true;
  }
  const started = Date.now();
  try {
    const outcome = await run(message);
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
    if (last && !("kind" in message)) {
      await failDeployment(message, "The build could not be finished: upload it again");
    }
    return false;
  }
}

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, runRecord);
