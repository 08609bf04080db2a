/** The Clerk instance the stage's keys name. */
import { createPublicKey, type JsonWebKey } from "node:crypto";
import { resolveCname } from "node:dns/promises";
import type { StageSettings } from "../../../stacks/Config";
import { type Check, errorText, fail, ok } from "../check";

export const clerkKeyCheck: Check = {
  name: "Clerk JWT key",
  needs: ["settings", "secret:CLERK_JWT_KEY"],
  after: ["settings", "secret:CLERK_JWT_KEY"],
  async run(context) {
    const settings = context.state.settings as StageSettings;
    const url =
      context.clerkJwksUrl ?? `https://${settings.clerkFrontendApiHost}/.well-known/jwks.json`;
    let keys: (JsonWebKey & { kid?: string })[];
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      keys = ((await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] }).keys ?? [];
    } catch (error) {
      // A production instance's Frontend API lives on clerk.<domain>: until Clerk's DNS records
      // are live there, nothing answers (the "Clerk DNS" line says which record is missing).
      if (settings.clerkPublishableKey.startsWith("pk_live_")) {
        return fail(
          "clerk-dns",
          `could not read ${url} (${errorText(error)}): ${settings.clerkFrontendApiHost} does not answer yet; publish the DNS records Clerk's dashboard lists (Domains), see the "Clerk DNS" line`,
        );
      }
      return fail(
        "settings",
        `could not read ${url} (${errorText(error)}): is VITE_CLERK_PUBLISHABLE_KEY the instance's key?`,
      );
    }
    const own = createPublicKey(context.state.secrets.get("CLERK_JWT_KEY") as string).export({
      format: "jwk",
    });
    const match = keys.find((key) => key.kty === own.kty && key.n === own.n && key.e === own.e);
    if (!match) {
      return fail(
        "secret:CLERK_JWT_KEY",
        `matches none of the ${keys.length} keys at ${url}: copy the PEM public key from the API keys page of the Clerk instance VITE_CLERK_PUBLISHABLE_KEY names, then ${context.setSecretCommand("CLERK_JWT_KEY")}`,
      );
    }
    return ok(`matches ${match.kid ?? "a key"} of ${url}`);
  },
};

/** A record a production Clerk instance needs (Backend API `GET /v1/domains`, `cname_targets`). */
interface CnameTarget {
  host: string;
  value: string;
  required: boolean;
}

/**
 * A production instance's DNS (docs/operations.md "Custom domain", Clerk): the CNAME records
 * Clerk's Backend API lists for the instance's primary domain (its Frontend API at clerk.<domain>,
 * the Account Portal at accounts.<domain>, the mail domain and its DKIM keys), each looked up.
 */
export const clerkDnsCheck: Check = {
  name: "Clerk DNS",
  needs: ["settings", "secret:CLERK_SECRET_KEY", "clerk-dns"],
  after: ["settings", "secret:CLERK_SECRET_KEY"],
  async run(context) {
    const settings = context.state.settings as StageSettings;
    if (!settings.clerkPublishableKey.startsWith("pk_live_")) {
      return ok("a development instance (pk_test_): Clerk serves its own names");
    }
    const api = context.clerkApiUrl ?? "https://api.clerk.com";
    const response = await fetch(`${api}/v1/domains`, {
      headers: { authorization: `Bearer ${context.state.secrets.get("CLERK_SECRET_KEY")}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      return fail(
        "secret:CLERK_SECRET_KEY",
        `Clerk's Backend API answered ${response.status} to GET /v1/domains: is CLERK_SECRET_KEY the production instance's key? ${context.setSecretCommand("CLERK_SECRET_KEY")}`,
      );
    }
    const body = (await response.json()) as {
      data?: { name: string; is_satellite?: boolean; cname_targets?: CnameTarget[] | null }[];
    };
    const primary = body.data?.find((domain) => !domain.is_satellite);
    if (!primary) return fail("clerk-dns", "Clerk lists no primary domain for the instance");
    const lookup = context.resolveCname ?? resolveCname;
    const missing: string[] = [];
    for (const target of (primary.cname_targets ?? []).filter((t) => t.required)) {
      const found = await lookup(target.host).catch(() => [] as string[]);
      const want = target.value.replace(/\.$/, "").toLowerCase();
      if (!found.some((name) => name.replace(/\.$/, "").toLowerCase() === want)) {
        missing.push(`${target.host} CNAME ${target.value}`);
      }
    }
    if (missing.length > 0) {
      return fail(
        "clerk-dns",
        `${primary.name} lacks ${missing.length} of Clerk's records (or they have not spread yet): ${missing.join("; ")}; publish them at the domain's DNS, then verify them in Clerk's dashboard (Domains)`,
      );
    }
    return ok(`${primary.name}: every record Clerk needs is live`);
  },
};
