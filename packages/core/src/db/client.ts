/**
 * The DynamoDB client every entity shares, made at first use: a route's cold start loads the
 * SDK but builds nothing until a request needs the table (docs/performance.md "`cold`"). No
 * endpoint here on purpose: the SDK reads AWS_ENDPOINT_URL_DYNAMODB itself, so the same code
 * talks to DynamoDB in a Lambda and to dynalite in the local stack and in tests.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { readBinding } from "../adapters/bindings";
import { electroDbCommands } from "./electrodb-commands";

// The commands ElectroDB's client sends, for a Lambda bundle to hand it (electrodb-commands.ts).
Object.assign(electroDbCommands, {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
});

let client: DynamoDBDocumentClient | undefined;

/** The document client of this container, made on the first call. */
export function documentClient(): DynamoDBDocumentClient {
  // Adaptive retries: on throttling the SDK backs off and slows this client's own request rate,
  // so a burst settles instead of failing; what still fails is a 503 (errors.ts). Five tries wait
  // at most about 15 s, inside API Gateway's 30 s (docs/operations.md, "When a dependency fails").
  client ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ retryMode: "adaptive", maxAttempts: 5 }),
    {
      marshallOptions: {
        // Optional fields arrive as `undefined` from zod-parsed input and from JSON results
        // (audit reports); DynamoDB has no such value, so they are left out instead of failing.
        removeUndefinedValues: true,
      },
    },
  );
  return client;
}

/** The bound table's name (Table.Main.tableName), read when a request first needs it. */
export function tableName(): string {
  return readBinding("table");
}
