/**
 * A call of a route as its contract (contracts/api.ts) types it, for the two clients that make
 * them: the SPA's `call()` (packages/web/src/api/call.ts) and the integration tests'
 * (tests/support/api.ts). A route is named as the route table does ("GET /api/sites/{id}/uptime");
 * its path parameters, query and body are typed by its contract, and so is its answer.
 */
import type { ApiRoute, apiContracts } from "./api";
import type * as z from "./zod";

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
export type InputArgs<R extends ApiRoute> =
  // biome-ignore lint/complexity/noBannedTypes: "no required key" is exactly {}.
  {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

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
