/**
 * The CloudFront KeyValueStore stand-in (docs/hosting.md "Routing entries"): the subset of the
 * KeyValueStore API the routing entries' adapter (core/adapters/edge-routes.ts) calls, in its
 * REST-JSON form, on one store kept in `.data/edge-routes.json`. Writes need the store's current
 * ETag (If-Match), as on AWS; keys, values and the total size have AWS's limits. The local
 * hosted-site server reads the same store (hosted-sites.ts).
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** AWS's limits: a key 512 bytes, a value 1 KB, the whole store 5 MB. */
export const KVS_LIMITS = { keyBytes: 512, valueBytes: 1024, totalBytes: 5 * 1024 * 1024 } as const;

export const LOCAL_KVS_ARN =
  "arn:aws:cloudfront::000000000000:key-value-store/00000000-0000-4000-8000-000000000000";

interface Stored {
  etag: number;
  created: number;
  items: Record<string, string>;
}

export interface EdgeRoutesStore {
  get(key: string): string | undefined;
  /** The stand-in's HTTP API, mounted under a prefix of the stack's origin. */
  handle(req: IncomingMessage, res: ServerResponse, subPath: string, body: Buffer): Promise<void>;
}

function sizeOf(items: Record<string, string>): number {
  let total = 0;
  for (const [key, value] of Object.entries(items)) {
    total += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  return total;
}

function error(res: ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { "content-type": "application/json", "x-amzn-errortype": type });
  res.end(JSON.stringify({ Message: message }));
}

export async function openEdgeRoutesStore(file: string | undefined): Promise<EdgeRoutesStore> {
  let stored: Stored = { etag: 1, created: Math.floor(Date.now() / 1000), items: {} };
  if (file) {
    try {
      stored = JSON.parse(await readFile(file, "utf8"));
    } catch {
      // A fresh data folder: an empty store.
    }
  }
  let saving = Promise.resolve();
  const save = () => {
    if (!file) return Promise.resolve();
    const snapshot = JSON.stringify(stored);
    saving = saving.then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, snapshot);
      await rename(`${file}.tmp`, file);
    });
    return saving;
  };
  const summary = () => ({
    ItemCount: Object.keys(stored.items).length,
    TotalSizeInBytes: sizeOf(stored.items),
  });
  const etag = () => `"${stored.etag}"`;

  function checkEntry(res: ServerResponse, key: string, value: string): boolean {
    if (!key || Buffer.byteLength(key) > KVS_LIMITS.keyBytes) {
      error(res, 400, "ValidationException", `Key must be 1 to ${KVS_LIMITS.keyBytes} bytes`);
      return false;
    }
    if (Buffer.byteLength(value) > KVS_LIMITS.valueBytes) {
      error(
        res,
        400,
        "ValidationException",
        `Value must be at most ${KVS_LIMITS.valueBytes} bytes`,
      );
      return false;
    }
    return true;
  }

  /** Applies a write if the ETag matches and the store stays within its size. */
  async function write(
    req: IncomingMessage,
    res: ServerResponse,
    change: (items: Record<string, string>) => boolean,
  ) {
    if (req.headers["if-match"] !== etag()) {
      return error(res, 409, "ConflictException", "The ETag does not match the store's");
    }
    const items = { ...stored.items };
    if (!change(items)) return;
    if (sizeOf(items) > KVS_LIMITS.totalBytes) {
      return error(res, 402, "ServiceQuotaExceededException", "The store would exceed 5 MB");
    }
    stored = { ...stored, etag: stored.etag + 1, items };
    await save();
    res.writeHead(200, { "content-type": "application/json", etag: etag() });
    res.end(JSON.stringify(summary()));
  }

  return {
    get: (key) => stored.items[key],
    async handle(req, res, subPath, body) {
      // The API takes SigV4A signatures only (docs/hosting.md "Routing entries").
      if (!String(req.headers.authorization ?? "").startsWith("AWS4-ECDSA-P256-SHA256 ")) {
        return error(res, 403, "AccessDeniedException", "Requests must be signed with SigV4A");
      }
      // /key-value-stores/<arn>[/keys[/<key>]], each part percent-encoded.
      const parts = subPath.split("?")[0]?.split("/").filter(Boolean).map(decodeURIComponent) ?? [];
      if (parts[0] !== "key-value-stores" || parts[1] !== LOCAL_KVS_ARN) {
        return error(res, 404, "ResourceNotFoundException", "No such key value store");
      }
      const method = req.method ?? "GET";
      if (parts.length === 2 && method === "GET") {
        res.writeHead(200, { "content-type": "application/json", etag: etag() });
        res.end(
          JSON.stringify({
            KvsARN: LOCAL_KVS_ARN,
            Created: stored.created,
            Status: "READY",
            ...summary(),
          }),
        );
        return;
      }
      if (parts[2] !== "keys") return error(res, 404, "ResourceNotFoundException", "Not found");
      const key = parts[3];
      if (key === undefined) {
        if (method === "GET") {
          const Items = Object.entries(stored.items).map(([Key, Value]) => ({ Key, Value }));
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ Items }));
          return;
        }
        if (method === "POST") {
          const input = JSON.parse(body.toString("utf8") || "{}") as {
            Puts?: { Key: string; Value: string }[];
            Deletes?: { Key: string }[];
          };
          return write(req, res, (items) => {
            for (const { Key } of input.Deletes ?? []) delete items[Key];
            for (const { Key, Value } of input.Puts ?? []) {
              if (!checkEntry(res, Key, Value)) return false;
              items[Key] = Value;
            }
            return true;
          });
        }
      } else {
        if (method === "GET") {
          const value = stored.items[key];
          if (value === undefined)
            return error(res, 404, "ResourceNotFoundException", "No such key");
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ Key: key, Value: value, ...summary() }));
          return;
        }
        if (method === "PUT") {
          const { Value } = JSON.parse(body.toString("utf8") || "{}") as { Value: string };
          return write(req, res, (items) => {
            if (!checkEntry(res, key, Value)) return false;
            items[key] = Value;
            return true;
          });
        }
        if (method === "DELETE") {
          if (stored.items[key] === undefined) {
            return error(res, 404, "ResourceNotFoundException", "No such key");
          }
          return write(req, res, (items) => {
            delete items[key];
            return true;
          });
        }
      }
      error(res, 405, "ValidationException", "Method not allowed");
    },
  };
}
