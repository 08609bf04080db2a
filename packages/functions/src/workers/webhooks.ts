/**
 * The webhook sender: consumes the WebhookDeliveries queue, one attempt per message
 * (core/developer/webhooks.ts; docs/developer-api.md). A failed delivery is not a failed
 * record: the next try is a new message, held back by the backoff. A record fails only when
 * the attempt could not be logged or settled (the table or the queue failed), so SQS retries
 * it and, after maxReceiveCount receives, dead-letters it.
 */
import { outboundAllowHostsFromConfig } from "@portal/core/adapters/outbound-guard";
import * as Webhooks from "@portal/core/developer/webhooks";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

async function runRecord(record: SQSRecord, allowHosts: string[]): Promise<boolean> {
  let parsed: ReturnType<typeof Webhooks.deliveryMessageSchema.safeParse>;
  try {
    parsed = Webhooks.deliveryMessageSchema.safeParse(JSON.parse(record.body));
  } catch {
    parsed = Webhooks.deliveryMessageSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    log("error", "webhook message rejected", { messageId: record.messageId });
    return false;
  }
  const message = parsed.data;
  const context = {
    webhookId: message.webhookId,
    userId: message.userId,
    webhookMessageId: message.messageId,
    eventType: message.eventType,
    attempt: message.attempt,
  };
  try {
    const result = await Webhooks.attempt(message, { allowHosts, receipt: record.messageId });
    log(result.outcome === "failed" ? "warn" : "info", "webhook attempt", {
      ...context,
      ...result,
    });
    return true;
  } catch (error) {
    log("error", "webhook attempt crashed", {
      ...context,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return false;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const allowHosts = await outboundAllowHostsFromConfig();
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    if (!(await runRecord(record, allowHosts))) {
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}

function log(level: "info" | "warn" | "error", msg: string, data: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify({ level, msg, ...data })}\n`);
}
