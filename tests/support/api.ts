/**
 * Calling the API from integration tests, the way the SPA and API clients do: JSON in, JSON
 * out, signed in with a session token (or a developer key, or nobody). Every integration file
 * uses this instead of a fetch helper of its own (tests/support/api.test.ts keeps it so).
 *
 * `call(who, "POST /api/tickets", { body })` names a route as the route table does and is typed
 * by its contract (@portal/core/contracts/api-call, as the SPA's call() is): params, query and
 * body as the route takes them, the answer's body as it answers, checked against the contract
 * on a success status. `call(who, "POST", path, body?)` sends anything, typed as nothing: for a
 * request the contract refuses on purpose (a 400 test) or a path no route has.
 */
import { type ApiRoute, apiContracts } from "@portal/core/contracts/api";
import {
  type CallAnswer,
  type InputArgs,
  queryString,
  routePath,
} from "@portal/core/contracts/api-call";
import type { ApiError } from "@portal/core/contracts/users";
import type { SignedIn } from "./dev-identity";
import { bearer } from "./dev-identity";

/** Who calls: a signed-in person (their session token), the headers to send, or nobody. */
export type Caller = SignedIn | Record<string, string> | null;

/** An answer of a route called by its key, typed by the route's contract. */
export interface RouteAnswer<R extends ApiRoute> {
  status: number;
  /**
   * The answer's JSON as it came (never stripped or defaulted by a parse), typed as the route's
   * success answer: on a success status the contract was checked against it. On an error status
   * it holds `{ error }`: read `error`.
   */
  body: CallAnswer<R>;
  /** The error of an error status (4xx, 5xx); undefined on success. */
  error: ApiError["error"] | undefined;
  text: string;
}

/** An answer of an untyped request: its status, its parsed JSON (undefined when empty) and the raw text. */
export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field or parsed with a contract
  body: any;
  /** The error of an error status (4xx, 5xx); undefined on success. */
  error: ApiError["error"] | undefined;
  text: string;
}

function isSignedIn(who: Caller): who is SignedIn {
  return who !== null && typeof who.token === "string" && typeof who.user === "object";
}

/** The request as fetch() sends it: the caller's credentials, a JSON body when there is one. */
export function send(
  baseUrl: string,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const credentials = who === null ? {} : isSignedIn(who) ? bearer(who.token) : who;
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...credentials,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Reads an answer: JSON, or a clear error naming the request when it is not. */
export async function readAnswer(response: Response, request: string): Promise<ApiAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new Error(`${request} answered ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
  const error = response.status >= 400 ? (body as ApiError | undefined)?.error : undefined;
  return { status: response.status, body, error, text };
}

/** A success answer the route's contract refuses: the API and its contract disagree. */
function checkAnswer(route: ApiRoute, answer: ApiAnswer) {
  if (answer.status < 200 || answer.status > 299) return;
  const expected = apiContracts[route].response;
  if (expected === null || "contentType" in expected) return;
  const parsed = expected.safeParse(answer.body);
  if (!parsed.success) {
    const fields = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(the answer)"}: ${issue.message}`);
    throw new Error(`${route} answered what its contract refuses: ${fields.join("; ")}`);
  }
}

/**
 * `call(who, route, input?)` (typed) or `call(who, method, path, body?)` against one stack. Pass
 * the URL, or a function giving it for a file that starts its own stack in beforeAll:
 * `apiAt(() => stack.url)`.
 */
export function apiAt(baseUrl: string | (() => string)) {
  const urlNow = () => (typeof baseUrl === "function" ? baseUrl() : baseUrl);
  function call<R extends ApiRoute>(
    who: Caller,
    route: R,
    ...input: InputArgs<R>
  ): Promise<RouteAnswer<R>>;
  function call(who: Caller, method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  async function call(
    who: Caller,
    methodOrRoute: string,
    pathOrInput?: unknown,
    rawBody?: unknown,
  ): Promise<ApiAnswer | RouteAnswer<ApiRoute>> {
    if (!methodOrRoute.includes(" ")) {
      const path = String(pathOrInput);
      const request = `${methodOrRoute} ${path}`;
      return readAnswer(await send(urlNow(), who, methodOrRoute, path, rawBody), request);
    }
    const route = methodOrRoute as ApiRoute;
    const { params, query, body } = (pathOrInput ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const method = route.slice(0, route.indexOf(" "));
    const path = `${routePath(route, params)}${queryString(query)}`;
    const response = await send(urlNow(), who, method, path, body);
    const expected = apiContracts[route].response;
    if (expected !== null && "contentType" in expected) {
      // A page or a script: its body is the text, on every status.
      const text = await response.text();
      return { status: response.status, body: text, error: undefined, text };
    }
    const answer = await readAnswer(response, route);
    checkAnswer(route, answer);
    return answer;
  }
  return call;
}

/** What `apiAt` answers: a caller of one stack's API. */
export type ApiCall = ReturnType<typeof apiAt>;
