/**
 * The customer's own data (docs/privacy.md): the DataExports queue, its dead-letter queue
 * (alarmed like every consumedQueue), and the consumer that builds one customer's export into
 * the private bucket under exports/ and mails the link through the Events queue. The API's
 * request route sends to the queue through its record's `exports:send` grant (routes.ts).
 */
import { dataExportsConsumer } from "@portal/functions/routes";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Events } from "./Events";
import { grantsProps } from "./grants";
import { consumedQueue } from "./queues";
import { Storage } from "./Storage";

/** What the consumer may do: nothing beyond one customer's export. */
export const DATA_EXPORTS_GRANTS = [
  // Reads the customer's partition and moves their export item along.
  "table:write",
  // Reads each site's screenshot into the zip (GetObject under users/).
  "screenshots:read",
  // Writes the zip and presigns the mail's link (under exports/).
  "exports:write",
  // Invoices' references come from Stripe.
  "stripe",
  // The "export ready" mail goes through the notifications consumer.
  "events:send",
] as const;

export function Privacy({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const { queue: events } = use(Events);
  const granted = grantsProps(DATA_EXPORTS_GRANTS, { table, bucket, config, events });
  const consumer = new LambdaFunction(stack, "DataExportsConsumer", {
    handler: dataExportsConsumer.handler,
    timeout: `${dataExportsConsumer.timeoutSeconds} seconds`,
    // The whole archive is built in memory before one PutObject.
    memorySize: "1024 MB",
    ...granted,
    bind: [...(granted.bind ?? []), ...Object.values(config.parameters)],
  });
  const { queue: exports, deadLetters: exportDeadLetters } = consumedQueue(stack, "DataExports", {
    consumer,
    eventSource: {
      batchSize: 1,
      reportBatchItemFailures: true,
      maxConcurrency: dataExportsConsumer.maxConcurrency,
    },
    visibilityTimeoutSeconds: dataExportsConsumer.timeoutSeconds * 6,
    maxReceiveCount: dataExportsConsumer.maxReceiveCount,
  });
  return { exports, exportDeadLetters, exportsConsumer: consumer };
}
