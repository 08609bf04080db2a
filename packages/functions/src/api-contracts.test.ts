/**
 * Every route of the route table has its contract in the contract map
 * (@portal/core/contracts/api), and its handler serves that route with that contract: the one
 * it is typed by, validates with and answers by (docs/architecture.md "One contract per
 * route"). A record pointing at another route's handler, or a handler built from a copy of its
 * schemas, fails here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiRoute, apiContracts } from "@portal/core/contracts/api";
import { describe, expect, it } from "vitest";
import type { ApiHandler } from "./api/handler";
import { type RouteKey, routes } from "./routes";

// The compiler's half: the map and the table name the same routes, both ways.
const everyRouteHasAContract: readonly ApiRoute[] = Object.keys(routes) as RouteKey[];
const everyContractHasARoute: readonly RouteKey[] = Object.keys(apiContracts) as ApiRoute[];

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

async function handlerOf(routeKey: RouteKey): Promise<ApiHandler> {
  process.env.SST_APP ??= "site-portal";
  process.env.SST_STAGE ??= "test";
  process.env.SST_Table_tableName_Main ??= "unused";
  const file = path.join(repoRoot, `${routes[routeKey].handler.replace(/\.handler$/, "")}.ts`);
  await readFile(file); // a clear ENOENT names the file when a record points nowhere
  return ((await import(file)) as { handler: ApiHandler }).handler;
}

describe("the contract map", () => {
  it("names exactly the routes of the route table", () => {
    expect([...everyContractHasARoute].sort()).toEqual([...everyRouteHasAContract].sort());
  });

  it.each(Object.keys(routes) as RouteKey[])(
    "%s: its handler serves it with the map's contract",
    async (routeKey) => {
      const handler = await handlerOf(routeKey);
      expect(handler.route).toBe(routeKey);
      expect(handler.contract).toBe(apiContracts[routeKey]);
    },
  );
});
