/** The Clerk instance the stage's keys name. */
import { createPublicKey, type JsonWebKey } from "node:crypto";
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
