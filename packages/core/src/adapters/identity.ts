/**
 * Identity: finds the session token in a request and verifies it the way Clerk's backend SDK
 * does, networkless, with the instance's PEM public key (Config.CLERK_JWT_KEY). The local
 * stack's development identity provider signs Clerk-shaped tokens with its own key and the
 * same code verifies them.
 *
 * What `verifyToken` checks (from @clerk/backend 3 `verifyJwt`): the header `alg` is RS256/384/
 * 512 and `typ` (if present) is "JWT"; the RSA signature against the key; `sub` is a string;
 * `azp` is one of `authorizedParties` (when that list is non-empty — we never pass an empty
 * one); `aud` against `audience` only when BOTH are present; `exp` is required and `nbf`/`iat`,
 * when present, are checked, each with 5 s of clock skew. It throws on any failure.
 * Its networkless path turns the PEM into a JWK by cutting fixed SPKI prefixes, so the key
 * must be what Clerk issues: an RSA-2048 public key (exponent 65537) in SPKI PEM. The local
 * identity provider's key must have the same shape.
 *
 * On top of that, checked here (docs/security.md, "Session tokens"): `iss` is the instance's own
 * Frontend API URL (Config.CLERK_ISSUER, derived from the publishable key; the local identity
 * provider's in the local stack), `sid` names a session, and, where an audience is configured
 * (every production stage: stacks/Config.ts), `aud` holds it. Without these, another token the
 * same instance signs (a custom JWT template's, say) would pass for a session.
 *
 * Claims beyond the defaults (email, first_name, last_name, image_url) come from a Clerk
 * session-token template; see packages/core/README.md.
 */
import { UnauthorizedError } from "../errors";

declare module "sst/node/config" {
  export interface SecretResources {
    CLERK_JWT_KEY: { value: string };
  }
  export interface ParameterResources {
    CLERK_AUTHORIZED_PARTIES: { value: string };
    CLERK_AUDIENCE: { value: string };
    CLERK_ISSUER: { value: string };
  }
}

export interface SessionIdentity {
  userId: string;
  sessionId?: string;
  /** Set when the caller is an API key rather than a signed-in person (docs/developer-api.md). */
  apiKeyId?: string;
  /**
   * The customer account the session acts in (docs/team.md "Switching accounts"): the
   * session's active organization's account, from the `account_id` claim the session-token
   * template takes from the organization's public metadata (packages/core/README.md). Absent
   * with no active organization: the person's own account, whose id is their user id. A claim
   * only says which account was CHOSEN; whether the person belongs to it is read from the
   * table on every request (access/actor.ts).
   */
  accountId?: string;
  /** The session's active organization at the identity provider (`org_id`, or v2's `o.id`). */
  organizationId?: string;
  claims: {
    email?: string;
    firstName?: string;
    lastName?: string;
    imageUrl?: string;
    /** "staff" for the provider's team: Clerk's publicMetadata.role as a session claim. */
    role?: string;
  };
}

export { bearerToken, tokenFromRequest } from "./session-token";

// The web client treats a 401 whose text contains "Unauthorized" as a lost session (docs/pages.md,
// "Calling the API": toast, then /sign-in), so every refusal says so.
const INVALID_SESSION = "Unauthorized: invalid or expired session token";

/**
 * Tokens this container has verified, until they expire. A session token lives about a minute
 * and the web app sends the same one with every call in that time; its RSA check is the
 * costliest step of a warm request (docs/performance.md). The key is the whole token, signature
 * included, so only the very token that passed the check is found here, and only before its
 * `exp` (stricter than the check itself, which allows Clerk's clock skew). Settings are fixed
 * for the life of the container, so an answer cannot go stale otherwise.
 */
const verified = new Map<string, { identity: SessionIdentity; expiresAt: number }>();
const VERIFIED_LIMIT = 1_000;

/** Verifies a session token; any failure is an UnauthorizedError. */
export async function verifySessionToken(token: string): Promise<SessionIdentity> {
  const known = verified.get(token);
  if (known && Date.now() < known.expiresAt) return known.identity;
  if (known) verified.delete(token);
  return verifyUncached(token);
}

async function verifyUncached(token: string): Promise<SessionIdentity> {
  const { jwtKey, authorizedParties, audience, issuer } = await settings();
  // Loaded by the first request that has a token to check, not at the function's cold start:
  // a request refused before (no token, another site) never pays for it
  // (docs/performance.md "`cold`").
  const { verifyToken } = await import("./session-verifier");
  let payload: Record<string, unknown>;
  try {
    // Read as plain JSON: the SDK's payload type does not list our template's custom claims.
    payload = (await verifyToken(token, {
      jwtKey,
      authorizedParties,
      ...(audience ? { audience } : {}),
    })) as Record<string, unknown>;
  } catch {
    throw new UnauthorizedError(INVALID_SESSION);
  }
  if (typeof payload.sub !== "string" || !payload.sub) {
    throw new UnauthorizedError(INVALID_SESSION);
  }
  // Issued by this instance, for a session: a token of the same key without a session id
  // (a JWT template's) or from another issuer is not a session token.
  if (payload.iss !== issuer || typeof payload.sid !== "string" || !payload.sid) {
    throw new UnauthorizedError(INVALID_SESSION);
  }
  // verifyToken skips the audience check when the token has no `aud`. With an audience
  // configured, a token without one is refused: it was not issued for this API.
  if (audience && !hasAudience(payload.aud, audience)) {
    throw new UnauthorizedError(INVALID_SESSION);
  }
  const organization = activeOrganization(payload);
  const identity: SessionIdentity = {
    userId: payload.sub,
    sessionId: payload.sid,
    ...(organization ?? {}),
    claims: {
      ...claim("email", payload.email),
      ...claim("firstName", payload.first_name),
      ...claim("lastName", payload.last_name),
      ...claim("imageUrl", payload.image_url),
      ...claim("role", payload.role),
    },
  };
  // verifyToken refuses a token without `exp`, so it is a number here.
  if (typeof payload.exp === "number") {
    if (verified.size >= VERIFIED_LIMIT) verified.clear();
    verified.set(token, { identity, expiresAt: payload.exp * 1000 });
  }
  return identity;
}

export interface IdentitySettings {
  jwtKey: string;
  authorizedParties: string[];
  audience?: string;
  /** The `iss` every session token must carry, e.g. "https://clerk.example.com". */
  issuer: string;
}

/**
 * The verification settings from the raw configuration values. A missing key or an empty
 * list of authorized parties or no issuer is a deployment mistake: it throws a plain Error (a 500 that
 * someone will look at) instead of turning every sign-in into a 401, and never becomes
 * "accept tokens minted for any origin". An empty audience means it is not checked.
 */
export function identitySettings(raw: {
  jwtKey?: string;
  authorizedParties?: string;
  audience?: string;
  issuer?: string;
}): IdentitySettings {
  const jwtKey = raw.jwtKey?.trim();
  const authorizedParties = (raw.authorizedParties ?? "")
    .split(",")
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (!jwtKey) throw new Error("Config.CLERK_JWT_KEY is empty");
  if (authorizedParties.length === 0) throw new Error("Config.CLERK_AUTHORIZED_PARTIES is empty");
  const issuer = raw.issuer?.trim();
  if (!issuer) throw new Error("Config.CLERK_ISSUER is empty");
  const audience = raw.audience?.trim();
  return { jwtKey, authorizedParties, issuer, ...(audience ? { audience } : {}) };
}

let cached: IdentitySettings | undefined;

/**
 * Read once, on first use (Config is fixed for the life of the process). sst/node/config is
 * imported here rather than at the top: it fetches the bound secrets (CLERK_JWT_KEY among them)
 * when first imported, which is the first request's work, not every import's.
 */
async function settings(): Promise<IdentitySettings> {
  if (cached) return cached;
  const { Config } = await import("sst/node/config");
  cached = identitySettings({
    jwtKey: Config.CLERK_JWT_KEY,
    authorizedParties: Config.CLERK_AUTHORIZED_PARTIES,
    // Optional: an unbound parameter reads like an empty one.
    audience: "CLERK_AUDIENCE" in Config ? Config.CLERK_AUDIENCE : undefined,
    issuer: Config.CLERK_ISSUER,
  });
  return cached;
}

/**
 * The session's active organization and the account it stands for. Clerk's session token names
 * the organization as `org_id` (claims version 1) or `o.id` (version 2, `v: 2`); our template's
 * `account_id` claim carries the account (packages/core/README.md). Both or nothing: an
 * organization without an account claim is a misconfigured template, refused rather than read
 * as the person's own account.
 */
function activeOrganization(
  payload: Record<string, unknown>,
): { organizationId: string; accountId: string } | undefined {
  const o = payload.o as { id?: unknown } | undefined;
  const organizationId = payload.org_id ?? (o && typeof o === "object" ? o.id : undefined);
  if (typeof organizationId !== "string" || !organizationId) return undefined;
  const accountId = payload.account_id;
  if (typeof accountId !== "string" || !accountId) throw new UnauthorizedError(INVALID_SESSION);
  return { organizationId, accountId };
}

function hasAudience(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

function claim<K extends keyof SessionIdentity["claims"]>(key: K, value: unknown) {
  return typeof value === "string" && value.trim() ? { [key]: value.trim() } : {};
}
