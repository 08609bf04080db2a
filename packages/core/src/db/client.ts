/**
 * The DynamoDB client every entity shares. No endpoint here on purpose: the SDK reads
 * AWS_ENDPOINT_URL_DYNAMODB itself, so the same code talks to DynamoDB in a Lambda and to
 * dynalite in the local stack and in tests.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

// Adaptive retries: on throttling the SDK backs off and slows this client's own request rate,
// so a burst settles instead of failing; what still fails is a 503 (errors.ts). Five tries wait
// at most about 15 s, inside API Gateway's 30 s (docs/operations.md, "When a dependency fails").
export const dynamo = new DynamoDBClient({ retryMode: "adaptive", maxAttempts: 5 });

export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: {
    // Optional fields arrive as `undefined` from zod-parsed input and from JSON results
    // (audit reports); DynamoDB has no such value, so they are left out instead of failing.
    removeUndefinedValues: true,
  },
});
