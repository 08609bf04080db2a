/**
 * Test helper: an in-memory dynalite on a free 127.0.0.1 port with the one table created from
 * table-definition.ts, plus the environment that points the SDK and `sst/node` at it.
 * For tests only (dynalite is a dev dependency of the repository, not of any Lambda).
 *
 *   const dynamo = await startTestDynamo();
 *   Object.assign(process.env, dynamo.env);       // before the first import of sst/node or db
 *   const { db } = await import("./service");
 *   …
 *   await dynamo.stop();
 */
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  type AttributeDefinition,
  CreateTableCommand,
  DynamoDBClient,
  type KeySchemaElement,
} from "@aws-sdk/client-dynamodb";
import { addTransactWrite } from "./local-transactions";
import { TABLE_ID, tableDefinition } from "./table-definition";

export interface TestDynamo {
  endpoint: string;
  tableName: string;
  /** SST_APP/SST_STAGE, the table binding, and the SDK's endpoint, region and dummy keys. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

type Dynalite = (options: { createTableMs?: number; deleteTableMs?: number }) => Server;

const REGION = "us-east-1";

export async function startTestDynamo(options: { tableName?: string } = {}): Promise<TestDynamo> {
  const tableName = options.tableName ?? "portal-test-Main";
  // Loaded here, not at import: createTableInput's users (the local stack) need no dynalite
  // from this module. It ships no types and no ESM entry.
  const dynalite = createRequire(import.meta.url)("dynalite") as Dynalite;
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0 });
  addTransactWrite(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

  try {
    await createTable(endpoint, tableName);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    endpoint,
    tableName,
    env: {
      SST_APP: "portal",
      SST_STAGE: "test",
      [`SST_Table_tableName_${TABLE_ID}`]: tableName,
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: "test",
      AWS_SECRET_ACCESS_KEY: "test",
    },
    stop,
  };
}

/** CreateTable input for the definition: the same table stacks/Storage.ts declares. */
export function createTableInput(tableName: string) {
  const { fields, primaryIndex, globalIndexes } = tableDefinition;
  const keySchema = (partitionKey: string, sortKey: string): KeySchemaElement[] => [
    { AttributeName: partitionKey, KeyType: "HASH" },
    { AttributeName: sortKey, KeyType: "RANGE" },
  ];
  // DynamoDB takes definitions for key attributes only.
  const keyNames = new Set<keyof typeof fields>([primaryIndex.partitionKey, primaryIndex.sortKey]);
  for (const index of Object.values(globalIndexes)) {
    keyNames.add(index.partitionKey);
    keyNames.add(index.sortKey);
  }
  const scalar = { string: "S", number: "N", binary: "B" } as const;
  const attributeDefinitions: AttributeDefinition[] = [...keyNames].map((name) => ({
    AttributeName: name,
    AttributeType: scalar[fields[name]],
  }));
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: attributeDefinitions,
    KeySchema: keySchema(primaryIndex.partitionKey, primaryIndex.sortKey),
    GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: "ALL" as const },
    })),
  };
}

async function createTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } finally {
    client.destroy();
  }
}
