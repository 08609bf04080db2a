/**
 * The portal's OpenAPI document, built from the route table and the handler files themselves
 * (openapi.ts). Loading a handler module loads the core it calls, which reads its SST
 * bindings when imported: outside Lambda and the local stack (a build script, a test) this
 * names placeholder ones, which nothing here calls.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ApiHandler } from "./api/handler";
import { buildOpenApi, type RouteSource } from "./openapi";
import { routes } from "./routes";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export async function openApiDocument(): Promise<Record<string, unknown>> {
  process.env.SST_APP ??= "site-portal";
  process.env.SST_STAGE ??= "docs";
  process.env.SST_Table_tableName_Main ??= "unused";
  const sources = new Map<string, RouteSource>();
  for (const [routeKey, record] of Object.entries(routes)) {
    const file = path.join(repoRoot, `${record.handler.replace(/\.handler$/, "")}.ts`);
    const module = (await import(file)) as { handler: ApiHandler };
    sources.set(routeKey, { handler: module.handler, source: await readFile(file, "utf8") });
  }
  return buildOpenApi(routes, sources, { title: "Site Portal API", version: "1" });
}
