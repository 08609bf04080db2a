/**
 * POST /api/collect: the public page-view endpoint the tracking script calls from customers'
 * sites (any origin, no credentials, a text/plain JSON body: no CORS preflight). Answers 202
 * {counted}; refuses a body over 2 kB (413, before it is parsed), a malformed view (400), an
 * unknown site (404), a page that is not on the site's hosts (403) and an address over the rate
 * limit (429), storing nothing for any of them (docs/analytics.md).
 *
 * The viewer's address and user agent go into the daily hashes and nowhere else; cookies the
 * browser may attach are never read. Address and country are the viewer's as CloudFront saw
 * them (viewer.ts), never headers the client chose.
 */

import { recordPageView } from "@portal/core/analytics/collect";
import { MAX_PAGE_VIEW_BYTES, pageViewSchema } from "@portal/core/contracts/analytics";
import { contracts } from "@portal/core/contracts/api-areas/public";
import { DomainError, ValidationError } from "@portal/core/errors";
import { parseJsonBody, publicApi } from "../public-handler";
import { viewerCountry, viewerIp } from "../viewer";

class PayloadTooLarge extends DomainError {
  readonly status = 413;
  readonly code = "payload_too_large";
}

// The wrapper leaves the body alone (the contract's `rawBody`), so its size is checked before it is parsed.
export const handler = publicApi("POST /api/collect", contracts, async ({ event }) => {
  const raw = event.body ?? "";
  // Counted without decoding or copying the body.
  const bytes = event.isBase64Encoded
    ? Math.floor((raw.length * 3) / 4) - (raw.endsWith("==") ? 2 : raw.endsWith("=") ? 1 : 0)
    : Buffer.byteLength(raw, "utf8");
  if (bytes > MAX_PAGE_VIEW_BYTES) {
    throw new PayloadTooLarge(`A page view is at most ${MAX_PAGE_VIEW_BYTES} bytes`);
  }

  const parsed = pageViewSchema.safeParse(parseJsonBody(event));
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fields[issue.path.join(".") || "body"] ??= issue.message;
    throw new ValidationError("The page view is not valid", fields);
  }

  const result = await recordPageView(parsed.data, {
    ip: viewerIp(event),
    userAgent: event.headers?.["user-agent"],
    country: viewerCountry(event),
    origin: event.headers?.origin,
  });
  return result;
});
