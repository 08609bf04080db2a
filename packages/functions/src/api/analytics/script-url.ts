/**
 * The tracking script's URL as customers' pages must load it: on the portal's public origin
 * (APP_URL), which CloudFront serves and forwards /api/* from. API Gateway's own host refuses
 * requests that did not come through the distribution, so it must never reach a snippet.
 */
import { Config } from "sst/node/config";

export function scriptUrl(): string {
  return new URL("/api/collect.js", Config.APP_URL).href;
}
