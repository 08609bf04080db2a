/**
 * The one SQS client of a container, shared by every queue adapter (jobs, events, webhook
 * deliveries, page views, privacy jobs), made on first use. No endpoint here: the SDK reads
 * AWS_ENDPOINT_URL_SQS (the local stack's SQS endpoint).
 */
import { SQSClient } from "@aws-sdk/client-sqs";

let client: SQSClient | undefined;

export function sqs(): SQSClient {
  client ??= new SQSClient({});
  return client;
}
