/**
 * The SPA's route → contract map (@portal/core/contracts/api) against the route table and the
 * handlers: it names exactly the routes a session can call, and for each one the same path,
 * query and body schemas the handler validates with, and the answer the handler declares. A
 * route added, renamed or changed on one side and not the other fails here.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiRoute, apiContracts } from "@portal/core/contracts/api";
import * as z from "@portal/core/contracts/zod";
import { describe, expect, it } from "vitest";
import type { ApiHandler } from "./api/handler";
import { routes } from "./routes";

// The compiler's half: every key of the map is a route of the table.
const mapped: readonly (keyof typeof routes)[] = Object.keys(apiContracts) as ApiRoute[];

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

/** Routes a session calls: everything but the public ones (page views, unsubscribe links). */
const sessionRoutes = Object.entries(routes)
  .filter(([, record]) => record.entitlement !== "public")
  .map(([key]) => key);

const asJson = (schema: z.ZodMiniType | null | undefined, io: "input" | "output") =>
  schema ? z.toJSONSchema(schema, { io, unrepresentable: "any" }) : undefined;

async function handlerOf(routeKey: string): Promise<ApiHandler> {
  process.env.SST_APP ??= "site-portal";
  process.env.SST_STAGE ??= "test";
  process.env.SST_Table_tableName_Main ??= "unused";
  const record = routes[routeKey as keyof typeof routes];
  const file = path.join(repoRoot, `${record.handler.replace(/\.handler$/, "")}.ts`);
  await readFile(file); // a clear ENOENT names the file when a record points nowhere
  return ((await import(file)) as { handler: ApiHandler }).handler;
}

describe("the SPA's route → contract map", () => {
  it("names exactly the routes a session can call", () => {
    expect([...mapped].sort()).toEqual([...sessionRoutes].sort());
  });

  it.each(Object.keys(apiContracts))("%s: the handler's own schemas", async (routeKey) => {
    const contract = apiContracts[routeKey as ApiRoute] as {
      params?: z.ZodMiniType;
      query?: z.ZodMiniType;
      body?: z.ZodMiniType;
      response: z.ZodMiniType | null;
    };
    const declared = (await handlerOf(routeKey)).contract ?? {};
    for (const part of ["params", "query", "body"] as const) {
      expect(asJson(contract[part], "input"), part).toEqual(
        asJson(declared[part] as z.ZodMiniType | undefined, "input"),
      );
    }
    if (declared.response) {
      expect(asJson(contract.response, "output"), "response").toEqual(
        asJson(declared.response, "output"),
      );
    }
  });
});
