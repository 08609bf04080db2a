/**
 * `npm run backup -- export <file>` / `npm run backup -- restore <file>`: the local stack's
 * DynamoDB table out to a file and back into a data folder (docs/operations.md "Backups").
 *
 * The file holds one item a line, `{"Item":{…}}` in DynamoDB's own JSON, the format of
 * DynamoDB's export to S3, so the same file can be read by AWS's import from S3. The data
 * folder is DATA_DIR (from .env, as `npm start` reads it), `.data` by default, or `--data
 * <folder>`. Stop `npm start` first: the table's files belong to one process at a time.
 * Restoring goes into a folder whose table is empty (a fresh folder), never over live data.
 */
import { createReadStream, existsSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import {
  type AttributeValue,
  BatchWriteItemCommand,
  DynamoDBClient,
  paginateScan,
  ScanCommand,
} from "@aws-sdk/client-dynamodb";
import { LOCAL_REGION, localCredentials } from "@portal/devstack/aws";
import { ensureTable, startDynamo } from "@portal/devstack/dynamodb";
import { localTableName } from "@portal/devstack/local-names";

const USAGE = `Usage: npm run backup -- export <file> [--data <folder>]
       npm run backup -- restore <file> [--data <folder>]`;

/** BatchWriteItem takes at most 25 items. */
const BATCH = 25;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  let dataDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--data") {
      dataDir = argv[++i];
      if (!dataDir) throw new UsageError("--data needs a folder");
    } else if (arg.startsWith("--")) {
      throw new UsageError(`Unknown option ${arg}`);
    } else positional.push(arg);
  }
  const [command, file, extra] = positional;
  if ((command !== "export" && command !== "restore") || !file || extra) {
    throw new UsageError(USAGE);
  }
  if (!dataDir) {
    if (existsSync(".env")) process.loadEnvFile(".env");
    dataDir = process.env.DATA_DIR || ".data";
  }
  return { command, file: path.resolve(file), dataDir: path.resolve(dataDir) };
}

/**
 * Refuses a folder another process (npm start) has open. dynalite would meet LevelDB's lock
 * only on its first request, and crash; asking LevelDB (dynalite's own copy) first gives a
 * clear answer instead.
 */
async function assertNotInUse(dir: string) {
  const fromDynalite = createRequire(createRequire(import.meta.url).resolve("dynalite"));
  const { Level } = fromDynalite("level") as {
    Level: new (dir: string) => { open(): Promise<void>; close(): Promise<void> };
  };
  const level = new Level(dir);
  try {
    await level.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code === "LEVEL_LOCKED") {
      throw new UsageError(
        `The table in ${dir} is in use: stop npm start (Ctrl-C) and run this again.`,
      );
    }
    throw error;
  } finally {
    await level.close();
  }
}

/** dynalite on the data folder's table files, as the local stack opens them. */
async function openTable(dataDir: string) {
  const dir = path.join(dataDir, "dynamodb");
  await mkdir(dir, { recursive: true });
  await assertNotInUse(dir);
  const dynamo = await startDynamo({ host: "127.0.0.1", dir });
  await ensureTable(dynamo.endpoint, localTableName);
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: localCredentials,
  });
  return {
    client,
    async close() {
      client.destroy();
      await dynamo.stop();
    },
  };
}

async function exportTable(dataDir: string, file: string) {
  if (!existsSync(path.join(dataDir, "dynamodb"))) {
    throw new UsageError(`No table in ${dataDir}: is that the data folder npm start uses?`);
  }
  const table = await openTable(dataDir);
  // "wx": an export never overwrites an earlier one. 0600: the file holds every customer's
  // data, webhook signing secrets and API key hashes, so only its owner may read it (the mode
  // is set at creation, before any byte is written; the umask can only narrow it).
  const out = await open(file, "wx", 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EEXIST") throw new UsageError(`${file} exists: choose a new file name`);
    throw error;
  });
  let count = 0;
  try {
    const pages = paginateScan(
      { client: table.client },
      { TableName: localTableName, ConsistentRead: true },
    );
    for await (const page of pages) {
      const lines = (page.Items ?? []).map((item) => `${JSON.stringify({ Item: item })}\n`);
      if (lines.length > 0) await out.write(lines.join(""));
      count += lines.length;
    }
  } finally {
    await out.close();
    await table.close();
  }
  return count;
}

async function restoreTable(dataDir: string, file: string) {
  if (!existsSync(file)) throw new UsageError(`No such file: ${file}`);
  const table = await openTable(dataDir);
  let count = 0;
  try {
    const existing = await table.client.send(
      new ScanCommand({ TableName: localTableName, Limit: 1 }),
    );
    if ((existing.Items ?? []).length > 0) {
      throw new UsageError(
        `The table in ${dataDir} is not empty: restore into a fresh data folder (--data <new folder>).`,
      );
    }
    let batch: Record<string, AttributeValue>[] = [];
    const flush = async () => {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      batch = [];
      while (requests.length > 0) {
        const answer = await table.client.send(
          new BatchWriteItemCommand({ RequestItems: { [localTableName]: requests } }),
        );
        requests = (answer.UnprocessedItems?.[localTableName] ?? []) as typeof requests;
      }
    };
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    let lineNumber = 0;
    for await (const line of lines) {
      lineNumber += 1;
      if (!line.trim()) continue;
      let item: Record<string, AttributeValue> | undefined;
      try {
        item = (JSON.parse(line) as { Item?: Record<string, AttributeValue> }).Item;
      } catch {
        item = undefined;
      }
      if (!item || typeof item !== "object") {
        throw new UsageError(`${file}:${lineNumber} is not an {"Item": …} line of an export`);
      }
      batch.push(item);
      count += 1;
      if (batch.length === BATCH) await flush();
    }
    await flush();
  } finally {
    await table.close();
  }
  return count;
}

try {
  const { command, file, dataDir } = parseArgs(process.argv.slice(2));
  if (command === "export") {
    const count = await exportTable(dataDir, file);
    console.log(`Exported ${count} items from ${dataDir} to ${file}`);
  } else {
    const count = await restoreTable(dataDir, file);
    console.log(`Restored ${count} items from ${file} into ${dataDir}`);
  }
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
