/**
 * The typed seam between the SPA and the API (docs/pages.md, "Calling the API"): `call(route,
 * input)` names a route as the route table does ("GET /api/sites/{id}/uptime"), takes its path
 * parameters, query and body as that route's contract types them, builds the path, sends it
 * through the one client (client.ts), and parses the answer with the route's response contract
 * (@portal/core/contracts/api; the route's area of it, contracts/api-areas, loads beside the
 * request). An answer the contract refuses is an ApiContractError naming the route and the
 * fields, never a value cast to a type it does not have.
 *
 * Query keys follow one convention: `apiKey(route, input)`, the route and the input it was
 * called with, so `[route]` alone invalidates every read of that route.
 */
import type { ApiRoute } from "@portal/core/contracts/api";
import { loadRouteContract } from "@portal/core/contracts/api-areas/index";
import {
  type CallAnswer,
  type CallInput,
  type InputArgs,
  queryString,
  routePath,
} from "@portal/core/contracts/api-call";
import type * as z from "@portal/core/contracts/zod";
import { apiRequest, apiWrite } from "./client";

export { type CallAnswer, type CallInput, queryString, routePath };

/** The API answered a body its route's contract refuses: the SPA and the API disagree. */
export class ApiContractError extends Error {
  constructor(
    readonly route: ApiRoute,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    const fields = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(the answer)"}: ${issue.message}`)
      .join("; ");
    super(`${route} answered what its contract refuses: ${fields}`);
    this.name = "ApiContractError";
  }
}

export async function call<R extends ApiRoute>(
  route: R,
  ...[input]: InputArgs<R>
): Promise<CallAnswer<R>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const method = route.slice(0, route.indexOf(" "));
  const url = `${routePath(route, params)}${queryString(query)}`;
  // The route's area of contracts loads while the request is out. A write goes with its own
  // Idempotency-Key, the same on its retries (client.ts, apiWrite).
  const [res, { response }] = await Promise.all([
    method === "GET" ? apiRequest(method, url, body) : apiWrite(method, url, body),
    loadRouteContract(route),
  ]);
  if (response === null) return undefined as CallAnswer<R>;
  if ("contentType" in response) return (await res.text()) as CallAnswer<R>;
  const parsed = response.safeParse(await res.json());
  if (!parsed.success) throw new ApiContractError(route, parsed.error.issues);
  return parsed.data as CallAnswer<R>;
}

/** The query key of a read: the route, and the input it was called with when it has one. */
export function apiKey<R extends ApiRoute>(route: R, ...[input]: InputArgs<R>): readonly unknown[] {
  return input === undefined ? [route] : [route, input];
}
