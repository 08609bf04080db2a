/**
 * The one way the SPA calls the API (docs/pages.md, "Calling the API"): cookies always, a bearer
 * token from the identity provider when it gives one, a JSON content type only with a body, and
 * every non-OK answer thrown as an ApiError whose message is "STATUS: body-or-status-text".
 */
import { MISSING_CODES, type MissingCode } from "@portal/core/access/entitlements";
import type { CurrentUser } from "@portal/core/contracts/users";
import { ApiError } from "./api-error";

/** Answers the current session token, or null when signed out. May throw. */
export type TokenGetter = () => Promise<string | null>;

let tokenGetter: TokenGetter | null = null;

/** The identity layer registers its token source here once it has loaded. */
export function setTokenGetter(getter: TokenGetter | null): void {
  tokenGetter = getter;
}

async function bearerToken(): Promise<string | null> {
  if (!tokenGetter) return null;
  try {
    return await tokenGetter();
  } catch (error) {
    // The session cookie may still be valid, so the call goes ahead without the header.
    console.log("Could not get an auth token; calling the API with cookies only.", error);
    return null;
  }
}

/** Sends the request; does not judge the answer. `extra` headers go with it (an Idempotency-Key). */
export async function apiFetch(
  method: string,
  url: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = await bearerToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw await ApiError.fromResponse(res);
}

/** A call whose non-OK answer is an error. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await apiFetch(method, url, body);
  await throwIfResNotOk(res);
  return res;
}

/** How often a write is sent again after its first try, and the longest wait before one. */
export const WRITE_RETRIES = 2;
const LONGEST_RETRY_WAIT_S = 5;

/**
 * A write (POST, PUT, PATCH, DELETE) whose non-OK answer is an error, sent with an
 * Idempotency-Key made for this one call (docs/pages.md, "Calling the API"). When its answer
 * is lost (the network failed, the gateway answered 502 or 504) or says to come back soon (a
 * 503, or a 409 because the first try still runs, with a Retry-After of at most 5 s), it is
 * sent again, up to twice, with the same key: the API answers what the first try did rather
 * than writing twice (docs/security.md, "Idempotency keys").
 */
export async function apiWrite(method: string, url: string, body?: unknown): Promise<Response> {
  const key = { "Idempotency-Key": crypto.randomUUID() };
  for (let retry = 0; ; retry++) {
    let res: Response;
    try {
      res = await apiFetch(method, url, body, key);
    } catch (error) {
      if (retry >= WRITE_RETRIES) throw error;
      await waitSeconds(1);
      continue;
    }
    const wait = retry < WRITE_RETRIES ? await retryWait(res) : undefined;
    if (wait === undefined) {
      await throwIfResNotOk(res);
      return res;
    }
    await waitSeconds(wait);
  }
}

/** Seconds to wait before sending a write again, or undefined when its answer stands. */
async function retryWait(res: Response): Promise<number | undefined> {
  if (res.status === 502 || res.status === 504) return 1;
  if (res.status !== 503 && res.status !== 409) return undefined;
  const header = res.headers.get("retry-after");
  const seconds = header === null ? Number.NaN : Number(header);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > LONGEST_RETRY_WAIT_S) return undefined;
  if (res.status === 409) {
    // Only the key's own conflict: any other 409 is the answer.
    const { code } = await ApiError.fromResponse(res.clone());
    if (code !== "idempotency_key_in_use") return undefined;
  }
  return seconds;
}

const waitSeconds = (seconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * True for a 401 whose answer says "Unauthorized" (docs/pages.md, "Calling the API"). Our API's 401 body carries
 * the code "unauthorized", so the match ignores case.
 */
export function isUnauthorizedError(error: unknown): boolean {
  const apiError = ApiError.from(error);
  return apiError?.status === 401 && apiError.message.toLowerCase().includes("unauthorized");
}

const ENTITLEMENT_CODES: ReadonlySet<string> = new Set(Object.values(MISSING_CODES));

/**
 * The code of a 403 the server answers when the caller's plan lacks what the route needs
 * (plan_required, subscription_required, questionnaire_required), from an error thrown above.
 */
export function missingEntitlement(error: unknown): MissingCode | undefined {
  const apiError = ApiError.from(error);
  const code = apiError?.status === 403 ? apiError.code : null;
  return code !== null && ENTITLEMENT_CODES.has(code) ? (code as MissingCode) : undefined;
}

/**
 * The one path written out: the current user is read at start-up, before any page module (and
 * the route contract map, api/call.ts) loads, so it keeps zod out of the entry bundle.
 */
export const CURRENT_USER_PATH = "/api/auth/user";

/**
 * GET /api/auth/user. The server creates or refreshes the user record from the token's
 * claims, so this call is also the post-sign-in sync. A 401 means "no user", not an error.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  // Loaded on first use, while the request is out: a signed-out visitor's landing page does
  // not download zod, and a signed-in one does not wait for it after the answer.
  const contract = import("@portal/core/contracts/users");
  contract.catch(() => {});
  const res = await apiFetch("GET", CURRENT_USER_PATH);
  if (res.status === 401) return null;
  // The spec's words; the answer itself rides along, for what its code means (a lost
  // membership: team/lost-membership.ts).
  if (!res.ok)
    throw new Error("Failed to fetch user data", { cause: await ApiError.fromResponse(res) });
  const body: unknown = await res.json();
  const { currentUserSchema } = await contract;
  return currentUserSchema.parse(body);
}
