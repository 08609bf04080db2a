/**
 * GET /api/collect.js: the tracking script (packages/core/src/analytics/tracker-script.ts).
 *
 * Served by the API rather than the SPA's CloudFront site: the script posts to /api/collect on
 * the origin it came from, so script and endpoint can never point at different deployments,
 * and its cache lifetime is ours to choose (StaticSite would mark an unhashed .js immutable for
 * a year). It has no input.
 */

import { TRACKER_SCRIPT } from "@portal/core/analytics/tracker-script";
import { contracts } from "@portal/core/contracts/api-areas/public";
import { publicApi, response } from "../public-handler";

export const handler = publicApi("GET /api/collect.js", contracts, async () =>
  response({
    // Its content type is the contract's (contracts/api-areas/public.ts).
    headers: {
      // Browsers and the distribution's /api/collect.js behaviour keep it for an hour: a
      // changed script reaches every site within that, and repeat page loads cost no request.
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
      // Loaded by customers' pages on other origins.
      "cross-origin-resource-policy": "cross-origin",
    },
    text: TRACKER_SCRIPT,
  }),
);
