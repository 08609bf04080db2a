/**
 * The page-views port: the collect endpoint puts each accepted view on the PageViews queue
 * (Queue.PageViews.queueUrl, bound by the page-views:send grant), and the page-views consumer adds them up in batches
 * (analytics/aggregate.ts; docs/analytics.md "Write path"). Locally the same SDK call reaches
 * the local stack's SQS endpoint (AWS_ENDPOINT_URL_SQS).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import type { QueuedView } from "../analytics/aggregate";
import { readBinding } from "./bindings";
import { sqs } from "./sqs";

export async function enqueueView(view: QueuedView): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: readBinding("pageViews"),
      MessageBody: JSON.stringify(view),
    }),
  );
}
