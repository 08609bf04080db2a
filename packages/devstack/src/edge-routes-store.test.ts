/**
 * The KeyValueStore stand-in answers the real SDK client, through the routing entries' adapter
 * (SigV4A signing, ETag conditions, one write for several keys), and persists its store.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  LOCAL_ENDPOINT_VARIABLE,
  readEntry,
  writeEntries,
} from "@portal/core/adapters/edge-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeRoutesStore, LOCAL_KVS_ARN, openEdgeRoutesStore } from "./edge-routes-store";
import { readBody } from "./http-io";
import { close, listen } from "./net";

let dir: string;
let store: EdgeRoutesStore;
const server = createServer(async (req, res) => {
  const prefix = "/kvs";
  const url = new URL(req.url ?? "/", "http://x");
  await store.handle(req, res, url.pathname.slice(prefix.length), await readBody(req));
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "kvs-"));
  store = await openEdgeRoutesStore(path.join(dir, "edge-routes.json"));
  const port = await listen(server, 0, "127.0.0.1");
  Object.assign(process.env, {
    [LOCAL_ENDPOINT_VARIABLE]: `http://127.0.0.1:${port}/kvs`,
    SST_Parameter_value_HOSTING_KVS_ARN: LOCAL_KVS_ARN,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "local",
    AWS_SECRET_ACCESS_KEY: "local-secret",
  });
});
afterAll(async () => {
  await close(server);
  await rm(dir, { recursive: true, force: true });
});

describe("the KeyValueStore stand-in", () => {
  it("takes puts and deletes in one conditional write and reads them back", async () => {
    await writeEntries({
      put: { "a.sites.localhost": '{"d":"1"}', "b.sites.localhost": '{"d":"2"}' },
    });
    expect(await readEntry("a.sites.localhost")).toBe('{"d":"1"}');
    expect(store.get("b.sites.localhost")).toBe('{"d":"2"}');
    await writeEntries({
      put: { "a.sites.localhost": '{"d":"3"}' },
      remove: ["b.sites.localhost"],
    });
    expect(await readEntry("a.sites.localhost")).toBe('{"d":"3"}');
    expect(await readEntry("b.sites.localhost")).toBeUndefined();
  });

  it("keeps the store across restarts", async () => {
    const reopened = await openEdgeRoutesStore(path.join(dir, "edge-routes.json"));
    expect(reopened.get("a.sites.localhost")).toBe('{"d":"3"}');
  });

  it("refuses a value over 1 KB", async () => {
    await expect(writeEntries({ put: { "c.sites.localhost": "x".repeat(1025) } })).rejects.toThrow(
      /at most 1024 bytes/,
    );
    expect(store.get("c.sites.localhost")).toBeUndefined();
  });
});
