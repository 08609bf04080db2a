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
import type { ApiRoute, apiContracts } from "@portal/core/contracts/api";
import { loadRouteContract } from "@portal/core/contracts/api-areas/index";
import type * as z from "@portal/core/contracts/zod";
import { apiRequest } from "./client";

type Contract<R extends ApiRoute> = (typeof apiContracts)[R];
type Part<R extends ApiRoute, K extends "params" | "query" | "body"> =
  Contract<R> extends { [P in K]: infer S extends z.ZodMiniType } ? z.input<S> : never;

/** What a route takes: its path parameters and body where it has them, its query if any. */
export type CallInput<R extends ApiRoute> = ([Part<R, "params">] extends [never]
  ? { params?: never }
  : { params: Part<R, "params"> }) &
  ([Part<R, "query">] extends [never] ? { query?: never } : { query?: Part<R, "query"> }) &
  ([Part<R, "body">] extends [never] ? { body?: never } : { body: Part<R, "body"> });

/** What a route answers once parsed; undefined for a 204; the text of a text answer. */
export type CallAnswer<R extends ApiRoute> = Contract<R>["response"] extends z.ZodMiniType
  ? z.output<Contract<R>["response"]>
  : Contract<R>["response"] extends null
    ? undefined
    : string;

/** Routes that need no input may be called without one. */
type InputArgs<R extends ApiRoute> =
  // biome-ignore lint/complexity/noBannedTypes: "no required key" is exactly {}.
  {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

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

/** "/api/sites/{id}/uptime" with params { id: "a b" } → "/api/sites/a%20b/uptime". */
export function routePath(route: ApiRoute, params: Record<string, unknown> = {}): string {
  const path = route.slice(route.indexOf(" ") + 1);
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${route} needs the path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** "?a=1&b=2" from the set values only; "" when none. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
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
  // The route's area of contracts loads while the request is out.
  const [res, { response }] = await Promise.all([
    apiRequest(method, `${routePath(route, params)}${queryString(query)}`, body),
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
