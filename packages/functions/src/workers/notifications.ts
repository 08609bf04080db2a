/**
 * The notifications consumer: reads domain events from the Events queue, mails the customer
 * (core/notifications/deliver.ts; docs/notifications.md), then queues a delivery for each of
 * the customer's webhook endpoints that follows the event (docs/developer-api.md). A record that fails is
 * reported in batchItemFailures, so only it is retried and, after maxReceiveCount deliveries,
 * dead-lettered. A redelivered event finds its mailedEvent claim and sends nothing.
 */
import { domainEventSchema } from "@portal/core/contracts/events";
import * as Webhooks from "@portal/core/developer/webhooks";
import { deliver } from "@portal/core/notifications/deliver";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { eachRecord, logLine } from "./records";

async function runRecord(record: SQSRecord): Promise<boolean> {
  const context = {
    messageId: record.messageId,
    receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
  };
  let parsed: ReturnType<typeof domainEventSchema.safeParse>;
  try {
    parsed = domainEventSchema.safeParse(JSON.parse(record.body));
  } catch {
    parsed = domainEventSchema.safeParse(undefined);
  }
  if (!parsed.success) {
    // Left to the dead-letter queue, where someone can look at it.
    logLine("error", "domain event rejected", { ...context, issues: parsed.error.issues });
    return false;
  }
  const event = parsed.data;
  try {
    // Mail first: a failed mail is retried before any webhook went out, so only a failure of
    // the queue itself can make a receiver see a message twice (it dedupes by webhook-id).
    const result = await deliver(event, new Date(), { messageId: record.messageId });
    const webhooks = await Webhooks.fanOut(event);
    logLine("info", "domain event handled", {
      ...context,
      eventId: event.eventId,
      type: event.type,
      ...result,
      webhooks,
    });
    return true;
  } catch (error) {
    logLine("error", "domain event failed", {
      ...context,
      eventId: event.eventId,
      type: event.type,
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return false;
  }
}

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> => eachRecord(event, runRecord);
