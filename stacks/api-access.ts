/**
 * Which API routes need more than the defaults. Every route's function gets the table and the
 * token-verification settings (Clerk JWT key, authorized parties, audience, APP_URL); the rows
 * below add what only some routes need. A route that matches no row gets the defaults only, so a
 * new route can never pick up the Stripe key or the bucket by accident.
 *
 * Pattern: "<METHOD or *> <path>", where a path segment "*" matches one segment (a path
 * parameter such as {id}) and a final "**" matches any number of segments, including none.
 */
export type Access =
  /** the STRIPE_SECRET_KEY secret */
  | "stripe"
  /** read screenshots: presigned GET URLs for the dashboard and site lists */
  | "screenshots:read"
  /** write and delete screenshots */
  | "screenshots:write"
  /** send messages to the Jobs queue (never its dead-letter queue) */
  | "jobs:send"
  /** the ANALYTICS_SALT_KEY secret that keys the daily visitor hash (public page views) */
  | "analytics:salt";

export const routeAccess: ReadonlyArray<readonly [pattern: string, access: readonly Access[]]> = [
  // Payments
  ["* /api/billing/**", ["stripe"]],
  ["* /api/create-subscription", ["stripe"]],
  ["* /api/verify-subscription", ["stripe"]],
  ["* /api/complete-payment", ["stripe"]],
  ["* /api/create-payment-intent", ["stripe"]],
  // Screenshots: shown with presigned URLs, refreshed by the worker
  ["GET /api/sites/**", ["screenshots:read"]],
  ["GET /api/dashboard/**", ["screenshots:read"]],
  ["POST /api/sites/*/screenshot", ["screenshots:read", "jobs:send"]],
  ["POST /api/sites/refresh-screenshots", ["screenshots:read", "jobs:send"]],
  ["DELETE /api/sites/*", ["screenshots:write", "jobs:send"]],
  // These answer the updated site, whose screenshotUrl is presigned too.
  ["PATCH /api/sites/*", ["screenshots:read"]],
  ["POST /api/sites/*/domain", ["screenshots:read"]],
  ["POST /api/sites/*/verify-domain", ["screenshots:read"]],
  // Audits run on the worker
  ["POST /api/seo/analyze", ["jobs:send"]],
  ["POST /api/lighthouse/analyze", ["jobs:send"]],
  // Page views: the table (a default) and the salt key; nothing else, it is a public route
  ["POST /api/collect", ["analytics:salt"]],
];

function matches(pattern: string, routeKey: string): boolean {
  const [patternMethod = "", patternPath = ""] = pattern.split(" ");
  const [method = "", path = ""] = routeKey.split(" ");
  if (patternMethod !== "*" && patternMethod !== method) return false;
  const want = patternPath.split("/");
  const have = path.split("/");
  for (let i = 0; i < want.length; i++) {
    const segment = want[i];
    if (segment === "**" && i === want.length - 1) return true;
    if (i >= have.length) return false;
    if (segment !== "*" && segment !== have[i]) return false;
  }
  return want.length === have.length;
}

/** The extra access a route key needs, beyond the defaults every API function gets. */
export function accessFor(routeKey: string): Set<Access> {
  const result = new Set<Access>();
  for (const [pattern, access] of routeAccess) {
    if (matches(pattern, routeKey)) for (const a of access) result.add(a);
  }
  return result;
}
