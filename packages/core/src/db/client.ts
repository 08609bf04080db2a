/**
 * The DynamoDB client every entity shares. No endpoint here on purpose: the SDK reads
 * AWS_ENDPOINT_URL_DYNAMODB itself, so the same code talks to DynamoDB in a Lambda and to
 * dynalite in the local stack and in tests.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export const dynamo = new DynamoDBClient({});

export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: {
    // Optional fields arrive as `undefined` from zod-parsed input and from JSON results
    // (audit reports); DynamoDB has no such value, so they are left out instead of failing.
    removeUndefinedValues: true,
  },
});
