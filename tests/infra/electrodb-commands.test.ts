/**
 * ElectroDB in a Lambda bundle gets only the document-client commands its client sends
 * (stacks/bundling.ts DOCUMENT_CLIENT_PLUGIN, packages/core/src/db/electrodb-commands.ts),
 * not the aggregated DynamoDB client with every command: docs/performance.md "`cold`".
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startTestDynamo, type TestDynamo } from "@portal/core/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleHandlers, NODEJS_BUNDLING } from "../../stacks/bundling";

const FIXTURE = "tests/infra/fixtures/table-round-trip.main";
const AGGREGATED_CLIENT = /@aws-sdk\/client-dynamodb\/dist-es\/DynamoDB\.js$/;

let outDir: string;
let dynamo: TestDynamo;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "portal-electrodb-commands-"));
  dynamo = await startTestDynamo();
}, 120_000);

afterAll(async () => {
  await dynamo?.stop();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe("ElectroDB's commands in a Lambda bundle", () => {
  it("hands ElectroDB every command its client sends", async () => {
    const client = readFileSync(
      createRequire(import.meta.url).resolve("electrodb/src/client.js"),
      "utf8",
    );
    const sent = [...new Set([...client.matchAll(/this\.lib\.(\w+)/g)].map((m) => m[1]))].sort();
    const { electroDbCommands } = await import("@portal/core/db/electrodb-commands");
    await import("@portal/core/db/client");
    const given = Object.keys(electroDbCommands).sort();
    expect(sent.length).toBeGreaterThan(5);
    expect(given).toEqual(sent);
  });

  it("leaves the aggregated DynamoDB client out, which it would bring without the plugin", async () => {
    const [withPlugin] = await bundleHandlers([FIXTURE], path.join(outDir, "with"));
    expect([...(withPlugin?.modules ?? [])].filter((m) => AGGREGATED_CLIENT.test(m))).toEqual([]);
    // The same build without the plugin: the shape the plugin exists to prevent.
    const plugins = NODEJS_BUNDLING.esbuild.plugins as unknown as unknown[];
    const saved = plugins.splice(0);
    try {
      const [without] = await bundleHandlers([FIXTURE], path.join(outDir, "without"));
      expect([...(without?.modules ?? [])].some((m) => AGGREGATED_CLIENT.test(m))).toBe(true);
      expect((without?.bytes ?? 0) - (withPlugin?.bytes ?? 0)).toBeGreaterThan(40 * 1024);
    } finally {
      plugins.push(...saved);
    }
  }, 120_000);

  it("reads and writes the table through the bundled commands", async () => {
    const bundle = path.join(outDir, "with", "tests_infra_fixtures_table_round_trip_main.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [bundle], {
      env: { ...process.env, ...dynamo.env },
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}")).toEqual({
      got: "Renamed",
      listed: 2,
      batch: 1,
      scanned: 2,
      canceled: false,
      tickets: 1,
      left: 0,
    });
  }, 90_000);
});
