/**
 * The portal's OpenAPI document, built from the route table, the contract map and the handler
 * files' own comments (openapi.ts). No handler module is loaded: a route's contract is the one
 * its handler is typed by and validates with (api-contracts.test.ts holds the two together).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ApiRoute, apiContracts } from "@portal/core/contracts/api";
import { buildOpenApi, type RouteSource } from "./openapi";
import { routes } from "./routes";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const sources = new Map<string, RouteSource>();
  for (const [routeKey, record] of Object.entries(routes)) {
    const file = path.join(repoRoot, `${record.handler.replace(/\.handler$/, "")}.ts`);
    const contract = apiContracts[routeKey as ApiRoute];
    sources.set(routeKey, { contract, source: await readFile(file, "utf8") });
  }
  return buildOpenApi(routes, sources, { title: "Site Portal API", version: "1" });
}
