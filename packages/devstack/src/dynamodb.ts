/**
 * DynamoDB stand-in: dynalite, persisted in a folder, with the one table created from its
 * definition, and TransactWriteItems added (core/db/local-transactions.ts). The handlers reach
 * it through a small proxy that can answer DynamoDB's throttling errors on request (faults.ts).
 */
import { mkdir } from "node:fs/promises";
import { createServer, request } from "node:http";
import {
  CreateTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from "@aws-sdk/client-dynamodb";
// The CreateTable input the data layer's tests use too: one translation of the definition.
import { addTransactWrite } from "@portal/core/db/local-transactions";
import { createTableInput } from "@portal/core/db/testing";
import dynalite from "dynalite";
import * as z from "zod";
import { LOCAL_REGION, localCredentials } from "./aws";
import { FaultSwitch, faultLimits } from "./faults";
import { close, hostForUrl, listen } from "./net";

/** DynamoDB's two throttling answers, as the SDK reads them (HTTP 400, `__type`). */
const THROTTLING_TYPES = {
  ProvisionedThroughputExceededException: "com.amazonaws.dynamodb.v20120810",
  ThrottlingException: "com.amazon.coral.availability",
} as const;

export const dynamoFaultSchema = faultLimits.extend({
  error: z.enum(
    Object.keys(THROTTLING_TYPES) as [
      keyof typeof THROTTLING_TYPES,
      ...(keyof typeof THROTTLING_TYPES)[],
    ],
  ),
  /**
   * Throttle by rate, as a table does: matching calls past this many in the last second are
   * refused (and `share` of those). Omitted: `share` of all matching calls, whatever the rate.
   */
  capacityPerSecond: z.number().int().positive().optional(),
  /** Only these operations ("PutItem", "UpdateItem", "Query", …); omitted: every call. */
  operations: z
    .array(z.string().regex(/^[A-Za-z]+$/))
    .min(1)
    .optional(),
});
export type DynamoFault = z.infer<typeof dynamoFaultSchema>;

export interface LocalDynamo {
  /** The proxy the handlers use (AWS_ENDPOINT_URL_DYNAMODB). */
  endpoint: string;
  /** dynalite itself, past the fault hook: for creating the table. */
  directEndpoint: string;
  faults: FaultSwitch<DynamoFault>;
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
  const direct = `${hostForUrl(options.host)}:${port}`;

  const faults = new FaultSwitch<DynamoFault>();
  /** When the calls the table accepted in the last second arrived (capacity faults). */
  let accepted: number[] = [];
  const overCapacity = (rule: DynamoFault, now: number) => {
    if (rule.capacityPerSecond === undefined) return true;
    accepted = accepted.filter((at) => now - at < 1000);
    if (accepted.length >= rule.capacityPerSecond) return true;
    accepted.push(now);
    return false;
  };
  const proxy = createServer((req, res) => {
    // "DynamoDB_20120810.PutItem" → "PutItem"
    const operation = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
    const fault = faults.take(
      (rule) =>
        (!rule.operations || rule.operations.includes(operation)) && overCapacity(rule, Date.now()),
    );
    if (fault) {
      req.resume();
      const text = JSON.stringify({
        __type: `${THROTTLING_TYPES[fault.error]}#${fault.error}`,
        message: "Local fault: the request rate is over what the table allows (docs/operations.md)",
      });
      res.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
      return void res.end(text);
    }
    // To dynalite with its own Host, so the transactions' own client talks to it directly.
    const upstream = request(
      {
        host: options.host,
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: direct },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  const proxyPort = await listen(proxy, 0, options.host);
  return {
    endpoint: `http://${hostForUrl(options.host)}:${proxyPort}`,
    directEndpoint: `http://${direct}`,
    faults,
    stop: async () => {
      await close(proxy);
      await close(server);
    },
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
