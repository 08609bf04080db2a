/** DynamoDB stand-in: dynalite, persisted in a folder, with the one table created from its definition. */
import { mkdir } from "node:fs/promises";
import {
  type AttributeDefinition,
  CreateTableCommand,
  DynamoDBClient,
  type KeySchemaElement,
  ResourceInUseException,
} from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "@portal/core/db/table-definition";
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
  const keys = (partitionKey: string, sortKey?: string): KeySchemaElement[] => [
    { AttributeName: partitionKey, KeyType: "HASH" },
    ...(sortKey ? [{ AttributeName: sortKey, KeyType: "RANGE" as const }] : []),
  ];
  const types = { string: "S", number: "N", binary: "B" } as const;
  const { primaryIndex, globalIndexes, fields } = tableDefinition;
  // DynamoDB wants definitions for key attributes only.
  const keyAttributes = new Set<string>([primaryIndex.partitionKey, primaryIndex.sortKey]);
  for (const index of Object.values(globalIndexes)) {
    keyAttributes.add(index.partitionKey);
    keyAttributes.add(index.sortKey);
  }
  const attributeDefinitions: AttributeDefinition[] = [...keyAttributes].map((name) => ({
    AttributeName: name,
    AttributeType: types[fields[name as keyof typeof fields]],
  }));
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: attributeDefinitions,
        KeySchema: keys(primaryIndex.partitionKey, primaryIndex.sortKey),
        GlobalSecondaryIndexes: Object.entries(globalIndexes).map(([name, index]) => ({
          IndexName: name,
          KeySchema: keys(index.partitionKey, index.sortKey),
          Projection: { ProjectionType: "ALL" },
        })),
      }),
    );
  } catch (error) {
    // Kept from a previous run under the same data folder: that is the point of persisting.
    if (!(error instanceof ResourceInUseException)) throw error;
  } finally {
    client.destroy();
  }
}
