/**
 * What an API key may reach (docs/developer-api.md, docs/access.md). Each route record says
 * which class it is in (packages/functions/src/routes.ts); a key's permission must cover it.
 */
import type { ApiKeyPermission } from "../contracts/developer";
import { DomainError } from "../errors";

/** read: a key with either permission; write: only a write key; none: never a key. */
export type KeyAccess = "read" | "write" | "none";

export class ApiKeyNotAllowedError extends DomainError {
  readonly status = 403;
  readonly code = "api_key_not_allowed";
}

export function keyAllows(permission: ApiKeyPermission, access: KeyAccess): boolean {
  if (access === "none") return false;
  return access === "read" || permission === "write";
}

/**
 * A key may change a site's settings, but not its custom domain, which cannot be undone (the
 * domain is released at once and another customer may claim it): signed in only, like Add
 * Domain (docs/developer-api.md, "What a key can reach").
 */
export function refuseKeyFor(what: string, apiKeyId: string | undefined): void {
  if (apiKeyId) {
    throw new ApiKeyNotAllowedError(`API keys cannot change ${what}: sign in to the portal.`);
  }
}

export function requireKeyAccess(permission: ApiKeyPermission, access: KeyAccess): void {
  if (access === "none") {
    throw new ApiKeyNotAllowedError(
      "API keys cannot be used here: sign in to the portal for billing, key management, deleting a site, its domain and your e-mail settings.",
    );
  }
  if (!keyAllows(permission, access)) {
    throw new ApiKeyNotAllowedError("This API key can only read. Use a key with write access.");
  }
}
