/**
 * Signs a test account in through Clerk without a browser or its password (the sign-in token
 * flow): the Backend API makes a one-time sign-in token for the user (`POST /v1/sign_in_tokens`),
 * the instance's Frontend API spends it (`POST /v1/client/sign_ins`, strategy `ticket`, a form
 * body as that API takes), and its answer carries the new session and its first session token.
 * `npm run preflight` reads that token's claims (the session token's template cannot be read
 * through any Backend API endpoint); the session is revoked when done.
 */

export interface ClerkSignInOptions {
  /** The Backend API, https://api.clerk.com (a stand-in in tests). */
  apiUrl: string;
  /** The instance's Frontend API, https://<clerkFrontendApiHost> (a stand-in in tests). */
  frontendApiUrl: string;
  secretKey: string;
  userId: string;
  /** Sent as Origin: the token's `azp`, as the portal's own pages would give it. */
  origin: string;
}

export interface ClerkSession {
  sessionId: string;
  /** The session token as the SPA would send it. */
  token: string;
  /** Its claims, decoded (not verified: the portal's API verifies what it is sent). */
  claims: Record<string, unknown>;
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1];
  if (!payload) throw new Error("the session token is not a JWT");
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
}

export async function signInWithTicket(options: ClerkSignInOptions): Promise<ClerkSession> {
  const auth = { authorization: `Bearer ${options.secretKey}` };
  const ticket = await json(
    await fetch(`${options.apiUrl}/v1/sign_in_tokens`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ user_id: options.userId, expires_in_seconds: 120 }),
      signal: AbortSignal.timeout(10_000),
    }),
    "Clerk's Backend API (POST /v1/sign_in_tokens)",
  );
  const signIn = await json(
    await fetch(`${options.frontendApiUrl}/v1/client/sign_ins`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: options.origin },
      body: new URLSearchParams({ strategy: "ticket", ticket: String(ticket.token) }),
      signal: AbortSignal.timeout(10_000),
    }),
    "Clerk's Frontend API (POST /v1/client/sign_ins)",
  );
  const response = signIn.response as { status?: string; created_session_id?: string } | undefined;
  const client = signIn.client as
    | { sessions?: { id: string; last_active_token?: { jwt?: string } }[] }
    | undefined;
  const session = client?.sessions?.find((s) => s.id === response?.created_session_id);
  const token = session?.last_active_token?.jwt;
  if (response?.status !== "complete" || !session || !token) {
    throw new Error(`the sign-in did not complete (status ${response?.status ?? "none"})`);
  }
  return { sessionId: session.id, token, claims: decodeClaims(token) };
}

/** Ends the session (Backend API `POST /v1/sessions/{id}/revoke`). */
export async function revokeSession(
  options: Pick<ClerkSignInOptions, "apiUrl" | "secretKey">,
  sessionId: string,
): Promise<void> {
  await json(
    await fetch(`${options.apiUrl}/v1/sessions/${encodeURIComponent(sessionId)}/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.secretKey}` },
      signal: AbortSignal.timeout(10_000),
    }),
    "Clerk's Backend API (POST /v1/sessions/{id}/revoke)",
  );
}

/** A fresh session token of the session (Backend API `POST /v1/sessions/{id}/tokens`). */
export async function sessionToken(
  options: Pick<ClerkSignInOptions, "apiUrl" | "secretKey">,
  sessionId: string,
): Promise<string> {
  const answer = await json(
    await fetch(`${options.apiUrl}/v1/sessions/${encodeURIComponent(sessionId)}/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.secretKey}` },
      signal: AbortSignal.timeout(10_000),
    }),
    "Clerk's Backend API (POST /v1/sessions/{id}/tokens)",
  );
  return String(answer.jwt);
}
