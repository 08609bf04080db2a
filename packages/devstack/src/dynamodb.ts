/**
 * DynamoDB stand-in: dynalite, persisted in a folder, with the one table created from its
 * definition, and TransactWriteItems added (core/db/local-transactions.ts).
 */
import { mkdir } from "node:fs/promises";
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from "@aws-sdk/client-dynamodb";
// The CreateTable input the data layer's tests use too: one translation of the definition.
import { addTransactWrite } from "@portal/core/db/local-transactions";
import { createTableInput } from "@portal/core/db/testing";
import dynalite from "dynalite";
import { LOCAL_REGION, localCredentials } from "./aws";
import { close, hostForUrl, listen } from "./net";

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/** `dir` omitted: in memory, gone when the stack stops. */
export async function startDynamo(options: { host: string; dir?: string }): Promise<LocalDynamo> {
  if (options.dir) await mkdir(options.dir, { recursive: true });
  // Tables become ACTIVE at once: nothing here waits the way CloudFormation would.
  const server = dynalite({
    path: options.dir,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // dynalite has no transactions; this adds TransactWriteItems (docs/security.md).
  addTransactWrite(server);
  const port = await listen(server, 0, options.host);
  return {
    endpoint: `http://${hostForUrl(options.host)}:${port}`,
    stop: () => close(server),
  };
}

/** Creates the table from packages/core/src/db/table-definition.ts unless it already exists. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: localCredentials,
  });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    // Kept from a previous run under the same data folder: that is the point of persisting.
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
}
