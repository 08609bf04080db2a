/**
 * The variables a stage's StaticSite sets under `sst dev` (stacks/Web.ts) and `sst bind` hands
 * to the SPA's dev server (stage-proxy.ts, docs/development.md). Names only: no imports, so
 * the stacks can read them without loading the dev server's code.
 */
export const STAGE_ENV = {
  /** The stage's API Gateway URL. */
  apiUrl: "PORTAL_STAGE_API_URL",
  /** The ARN of the Secrets Manager secret CloudFront sends in the origin-verify header. */
  originSecretArn: "PORTAL_STAGE_ORIGIN_SECRET_ARN",
  /** The stage's APP_URL: the dev server's own origin in a personal stage. */
  appUrl: "PORTAL_STAGE_APP_URL",
} as const;
