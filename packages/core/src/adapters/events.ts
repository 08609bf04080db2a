/**
 * The events port: sends domain events to the Events queue (Queue.Events.queueUrl, bound by the
 * events:send grant), which the notifications consumer
 * (packages/functions/src/workers/notifications.ts) reads. Locally the same SDK call reaches the
 * local stack's SQS endpoint (AWS_ENDPOINT_URL_SQS). Outgoing customer webhooks follow the same
 * events on a queue of their own (webhook-deliveries.ts, docs/developer-api.md).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import type { DomainEvent } from "../contracts/events";
import { readBinding } from "./bindings";
import { sqs } from "./sqs";

export async function sendEvent(event: DomainEvent): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: readBinding("events"), MessageBody: JSON.stringify(event) }),
  );
}
