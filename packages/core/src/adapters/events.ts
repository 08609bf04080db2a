/**
 * The events port: sends domain events to the Events queue (Queue.Events.queueUrl), which the
 * notifications consumer (packages/functions/src/workers/notifications.ts) reads. Locally the
 * same SDK call reaches the local stack's SQS endpoint (AWS_ENDPOINT_URL_SQS). Outgoing
 * customer webhooks follow the same events on a queue of their own (docs/developer-api.md).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { Queue } from "sst/node/queue";
import type { DomainEvent } from "../contracts/events";
import { sqs } from "./queue";

declare module "sst/node/queue" {
  export interface QueueResources {
    Events: { queueUrl: string };
    WebhookDeliveries: { queueUrl: string };
  }
}

export async function sendEvent(event: DomainEvent): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: Queue.Events.queueUrl, MessageBody: JSON.stringify(event) }),
  );
}

/** SQS holds a message back at most 15 minutes. */
export const MAX_DELAY_SECONDS = 900;

/** Queues one webhook delivery attempt, `delaySeconds` from now (a retry's backoff). */
export async function sendWebhookDelivery(message: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: Queue.WebhookDeliveries.queueUrl,
      MessageBody: JSON.stringify(message),
      DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}
