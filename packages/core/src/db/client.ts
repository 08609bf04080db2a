/**
 * The DynamoDB client every entity shares, made at first use: a route's cold start loads the
 * SDK but builds nothing until a request needs the table (docs/performance.md "`cold`"). No
 * endpoint here on purpose: the SDK reads AWS_ENDPOINT_URL_DYNAMODB itself, so the same code
 * talks to DynamoDB in a Lambda and to dynalite in the local stack and in tests.
 */
import { AsyncLocalStorage } from "node:async_hooks";
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
import { budgetRetries } from "../adapters/request-budget";
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

/**
 * A container of its own for the work run in it: its own table client, as each Lambda
 * container has. The local stack runs every function in one process, so by default all share
 * one client, and with it one adaptive rate limiter (docs/operations.md, "Each request's time
 * budget"); LOCAL_CLIENT_PER_INVOCATION makes it give each invocation one of these instead.
 */
const containers = new AsyncLocalStorage<{ client?: DynamoDBDocumentClient }>();

export function inOwnContainer<T>(work: () => Promise<T>): Promise<T> {
  return containers.run({}, work);
}

function makeClient(): DynamoDBDocumentClient {
  // Outside a request (consumers, schedules), adaptive retries: on throttling the SDK backs off
  // and slows this client's own request rate, so a burst settles instead of failing. Within an
  // API request, standard retries (backoff with jitter, no client-side rate limit that would
  // hold a request for seconds) kept to the request's time budget; what still fails is a 503
  // (errors.ts). Figures: docs/operations.md, "Each request's time budget".
  const dynamo = new DynamoDBClient({ retryMode: "adaptive", maxAttempts: 5 });
  const forRequests = new DynamoDBClient({ retryMode: "standard", maxAttempts: 5 });
  budgetRetries(dynamo, forRequests);
  return DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: {
      // Optional fields arrive as `undefined` from zod-parsed input and from JSON results
      // (audit reports); DynamoDB has no such value, so they are left out instead of failing.
      removeUndefinedValues: true,
    },
  });
}

/** The document client of this container, made on the first call. */
export function documentClient(): DynamoDBDocumentClient {
  const container = containers.getStore();
  if (container) {
    container.client ??= makeClient();
    return container.client;
  }
  client ??= makeClient();
  return client;
}

/** The bound table's name (Table.Main.tableName), read when a request first needs it. */
export function tableName(): string {
  return readBinding("table");
}
