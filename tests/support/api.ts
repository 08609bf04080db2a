/**
 * Calling the API from integration tests, the way the SPA and API clients do: JSON in, JSON
 * out, signed in with a session token (or a developer key, or nobody). Every integration file
 * uses this instead of a fetch helper of its own (tests/support/api.test.ts keeps it so).
 */
import type { SignedIn } from "./dev-identity";
import { bearer } from "./dev-identity";

/** Who calls: a signed-in person (their session token), the headers to send, or nobody. */
export type Caller = SignedIn | Record<string, string> | null;

/** An answer: its status, its parsed JSON (undefined when empty) and the raw text. */
export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field or parsed with a contract
  body: any;
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
  return { status: response.status, body, text };
}

/**
 * `call(who, method, path, body?)` against one stack. Pass the URL, or a function giving it
 * for a file that starts its own stack in beforeAll: `apiAt(() => stack.url)`.
 */
export function apiAt(baseUrl: string | (() => string)) {
  return async function call(
    who: Caller,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer> {
    const url = typeof baseUrl === "function" ? baseUrl() : baseUrl;
    return readAnswer(await send(url, who, method, path, body), `${method} ${path}`);
  };
}
