/**
 * The webhook deliveries port: queues one attempt to deliver a customer's webhook on the
 * WebhookDeliveries queue (Queue.WebhookDeliveries.queueUrl, bound by the webhooks:send grant),
 * which the webhook sender reads (docs/developer-api.md). Its own module, apart from the domain
 * events', so a route's bundle shows which of the two queues it sends to
 * (adapters/bindings.ts).
 */
import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { readBinding } from "./bindings";
import { sqs } from "./sqs";

/** SQS holds a message back at most 15 minutes. */
export const MAX_DELAY_SECONDS = 900;

/** Queues one webhook delivery attempt, `delaySeconds` from now (a retry's backoff). */
export async function sendWebhookDelivery(message: unknown, delaySeconds = 0): Promise<void> {
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: readBinding("webhookDeliveries"),
      MessageBody: JSON.stringify(message),
      DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.round(delaySeconds))),
    }),
  );
}
