/**
 * TransactWriteItems for dynalite, which has none: the local stack and the data layer's tests
 * (testing.ts) install it on their dynalite server, so code that writes a change and its audit
 * entry in one transaction (docs/security.md) runs the same locally as on DynamoDB.
 *
 * Local only (dynalite is a dev dependency). Transactions run one at a time; each item is
 * written with its own condition in order, and when one is refused every earlier write is put
 * back as it was and the answer is DynamoDB's TransactionCanceledException with one
 * cancellation reason per item. Single writes outside a transaction are not held back, which
 * a local stack does not need. Put, Update, Delete and ConditionCheck are supported.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import {
  type AttributeValue,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { tableDefinition } from "./table-definition";

const TARGET = "DynamoDB_20120810.TransactWriteItems";

type Item = Record<string, AttributeValue>;
interface Expressions {
  TableName: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}
interface TransactItem {
  Put?: Expressions & { Item: Item };
  Update?: Expressions & { Key: Item; UpdateExpression: string };
  Delete?: Expressions & { Key: Item };
  ConditionCheck?: Expressions & { Key: Item };
}

class Canceled extends Error {
  constructor(readonly index: number) {
    super("The conditional request failed");
  }
}

function keyOf(item: Item): Item {
  const { partitionKey, sortKey } = tableDefinition.primaryIndex;
  return {
    [partitionKey]: item[partitionKey] as AttributeValue,
    [sortKey]: item[sortKey] as AttributeValue,
  };
}

function conditions(op: Expressions) {
  return {
    ...(op.ConditionExpression ? { ConditionExpression: op.ConditionExpression } : {}),
    ...(op.ExpressionAttributeNames
      ? { ExpressionAttributeNames: op.ExpressionAttributeNames }
      : {}),
    ...(op.ExpressionAttributeValues
      ? { ExpressionAttributeValues: op.ExpressionAttributeValues }
      : {}),
  };
}

async function run(client: DynamoDBClient, items: TransactItem[]) {
  const targets = items.map((entry) => {
    const op = (entry.Put ?? entry.Update ?? entry.Delete ?? entry.ConditionCheck) as Expressions;
    const key = entry.Put ? keyOf(entry.Put.Item) : (op as unknown as { Key: Item }).Key;
    return { entry, table: op.TableName, key };
  });
  const before = await Promise.all(
    targets.map(async ({ table, key }) => {
      const { Item } = await client.send(
        new GetItemCommand({ TableName: table, Key: key, ConsistentRead: true }),
      );
      return Item;
    }),
  );
  const restore = async (upTo: number) => {
    for (let i = upTo; i >= 0; i--) {
      const target = targets[i];
      if (!target) continue;
      const old = before[i];
      if (old) await client.send(new PutItemCommand({ TableName: target.table, Item: old }));
      else await client.send(new DeleteItemCommand({ TableName: target.table, Key: target.key }));
    }
  };
  for (const [index, { entry, table, key }] of targets.entries()) {
    try {
      if (entry.Put) {
        await client.send(
          new PutItemCommand({ TableName: table, Item: entry.Put.Item, ...conditions(entry.Put) }),
        );
      } else if (entry.Update) {
        await client.send(
          new UpdateItemCommand({
            TableName: table,
            Key: key,
            UpdateExpression: entry.Update.UpdateExpression,
            ...conditions(entry.Update),
          }),
        );
      } else if (entry.Delete) {
        await client.send(
          new DeleteItemCommand({ TableName: table, Key: key, ...conditions(entry.Delete) }),
        );
      } else if (entry.ConditionCheck) {
        // A write of what is there (or of the bare key, put back below) under the condition.
        await client.send(
          new PutItemCommand({
            TableName: table,
            Item: before[index] ?? key,
            ...conditions(entry.ConditionCheck),
          }),
        );
        if (!before[index])
          await client.send(new DeleteItemCommand({ TableName: table, Key: key }));
      }
    } catch (error) {
      await restore(index - 1);
      if ((error as Error).name === "ConditionalCheckFailedException") throw new Canceled(index);
      throw error;
    }
  }
}

function answer(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/x-amz-json-1.0",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Makes `server` (dynalite's) answer TransactWriteItems; every other request is dynalite's. */
export function addTransactWrite(server: Server): void {
  const dynalite = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  let clients: DynamoDBClient | undefined;
  let turn: Promise<void> = Promise.resolve();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers["x-amz-target"] !== TARGET) {
      for (const listener of dynalite) listener.call(server, req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      clients ??= new DynamoDBClient({
        endpoint: `http://${req.headers.host}`,
        region: "us-east-1",
        credentials: { accessKeyId: "local", secretAccessKey: "local" },
      });
      const client = clients;
      turn = turn.then(async () => {
        let items: TransactItem[] = [];
        try {
          items = (
            JSON.parse(Buffer.concat(chunks).toString("utf8")) as { TransactItems: TransactItem[] }
          ).TransactItems;
          await run(client, items);
          answer(res, 200, {});
        } catch (error) {
          if (error instanceof Canceled) {
            const reasons = items.map((_, i) =>
              i === error.index
                ? { Code: "ConditionalCheckFailed", Message: "The conditional request failed" }
                : { Code: "None" },
            );
            answer(res, 400, {
              __type: "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
              message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(", ")}]`,
              CancellationReasons: reasons,
            });
          } else {
            answer(res, 400, {
              __type: "com.amazon.coral.validate#ValidationException",
              message: error instanceof Error ? error.message : String(error),
            });
          }
        }
      });
    });
  });
  server.once("close", () => clients?.destroy());
}
