/**
 * The value formats the stage settings are checked against (stacks/Config.ts): host names,
 * origins, mail addresses, Clerk's publishable key, and the one error a stage's invalid settings
 * stop synthesis with.
 */

export const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** The one error a stage's invalid settings stop synthesis with, naming every problem. */
export function stageNotConfigured(stage: string, problems: string[]): Error {
  return new Error(
    `Stage "${stage}" is not configured (set these in .env.${stage}):\n  - ${problems.join("\n  - ")}`,
  );
}

/**
 * "Name <address>" or a bare address, as SES takes it; answers the address, or undefined.
 * The display name may not hold the characters that would need quoting in a header.
 */
export function mailFromAddress(value: string): string | undefined {
  const match = /^(?:([^<>"@\r\n]{1,80}?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address) return;
  const [local, domain, ...rest] = address.split("@");
  if (!local || !domain || rest.length > 0 || !HOSTNAME.test(domain)) return;
  if (!/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/.test(local)) return;
  return address.toLowerCase();
}

/** An https origin such as "https://portal.example.com" (no path, query or trailing slash kept). */
export function httpsOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || url.pathname !== "/" || url.search || url.hash) return;
    if (url.username || url.password) return;
    return url.origin;
  } catch {
    return;
  }
}

/**
 * The SPA's dev server on the developer's machine, http://localhost:<port> or 127.0.0.1: the
 * portal's origin in a personal stage run with `npm run dev` (docs/development.md). Accepted as
 * APP_URL and a Clerk party in every stage but prod.
 */
export function devServerOrigin(stage: string, value: string): string | undefined {
  if (stage === "prod") return;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" || !["localhost", "127.0.0.1"].includes(url.hostname)) return;
    if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) return;
    return url.origin;
  } catch {
    return;
  }
}

/**
 * A Clerk publishable key is `pk_test_` or `pk_live_` followed by base64("<frontend api host>$").
 * Returns the host, or undefined when the value is not such a key.
 */
export function clerkFrontendApiHost(publishableKey: string): string | undefined {
  const match = /^pk_(test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey);
  if (!match?.[2]) return;
  const decoded = Buffer.from(match[2], "base64").toString("utf8");
  if (!decoded.endsWith("$")) return;
  const host = decoded.slice(0, -1);
  return HOSTNAME.test(host) ? host : undefined;
}

/**
 * The `iss` Clerk puts in the instance's session tokens: its Frontend API URL, which the
 * publishable key encodes (docs/security.md, "Session tokens").
 */
export function clerkIssuer(frontendApiHost: string): string {
  return `https://${frontendApiHost}`;
}
