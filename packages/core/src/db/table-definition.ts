/**
 * The one DynamoDB table, as plain data. stacks/Storage.ts passes it to SST's `Table` and the
 * local stack creates the dynalite table from it, so the two cannot drift apart.
 */
export const tableDefinition = {
  fields: {
    pk: "string",
    sk: "string",
    gsi1pk: "string",
    gsi1sk: "string",
    gsi2pk: "string",
    gsi2sk: "string",
  },
  primaryIndex: { partitionKey: "pk", sortKey: "sk" },
  globalIndexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  },
} as const;

/** The id SST gives the table construct; `Table.Main.tableName` reads its bound name. */
export const TABLE_ID = "Main";
