/**
 * Where a request carries its session token: the Authorization header or Clerk's `__session`
 * cookie. Apart from the verifier (identity.ts) so that the checks every request passes
 * (packages/functions/src/api/request-guards.ts) do not load it.
 */

const SESSION_COOKIE = "__session";

/** The token of an `Authorization: Bearer …` header, if that is what the header holds. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
}

/** The bearer token if the request has one, else Clerk's `__session` cookie. */
export function tokenFromRequest(input: {
  authorization?: string;
  cookies?: string[];
}): string | undefined {
  const bearer = bearerToken(input.authorization);
  if (bearer) return bearer;
  for (const entry of input.cookies ?? []) {
    // API Gateway gives one cookie per entry; a raw Cookie header (several, "; "-separated)
    // is read the same way.
    for (const pair of entry.split(";")) {
      const separator = pair.indexOf("=");
      if (separator < 0 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
      const value = safeDecode(pair.slice(separator + 1).trim());
      if (value) return value;
    }
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
