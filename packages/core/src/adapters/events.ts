/**
 * The events port: sends domain events to the Events queue (Queue.Events.queueUrl), which the
 * notifications consumer (packages/functions/src/workers/notifications.ts) reads. Locally the
 * same SDK call reaches the local stack's SQS endpoint (AWS_ENDPOINT_URL_SQS).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { Queue } from "sst/node/queue";
import type { DomainEvent } from "../contracts/events";
import { sqs } from "./queue";

declare module "sst/node/queue" {
  export interface QueueResources {
    Events: { queueUrl: string };
  }
}

export async function sendEvent(event: DomainEvent): Promise<void> {
  await sqs().send(
    new SendMessageCommand({ QueueUrl: Queue.Events.queueUrl, MessageBody: JSON.stringify(event) }),
  );
}
