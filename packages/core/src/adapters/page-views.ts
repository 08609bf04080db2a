/**
 * The page-views port: the collect endpoint puts each accepted view on the PageViews queue
 * (Queue.PageViews.queueUrl), and the page-views consumer adds them up in batches
 * (analytics/aggregate.ts; docs/analytics.md "Write path"). Locally the same SDK call reaches
 * the local stack's SQS endpoint (AWS_ENDPOINT_URL_SQS).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { Queue } from "sst/node/queue";
import type { QueuedView } from "../analytics/aggregate";
import { sqs } from "./queue";

declare module "sst/node/queue" {
  export interface QueueResources {
    PageViews: { queueUrl: string };
  }
}

export async function enqueueView(view: QueuedView): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: Queue.PageViews.queueUrl,
      MessageBody: JSON.stringify(view),
    }),
  );
}
