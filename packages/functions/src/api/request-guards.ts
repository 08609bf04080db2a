/**
 * Checks every API request passes before it is routed to a handler (docs/access.md): that it
 * came through the portal's CloudFront distribution, and that a browser session cannot be
 * ridden from another site.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { bearerToken } from "@portal/core/adapters/session-token";
import { DomainError } from "@portal/core/errors";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import {
  ORIGIN_VERIFY_ENV,
  ORIGIN_VERIFY_HEADER,
  ORIGIN_VERIFY_ROTATING_ENV,
} from "./origin-verify";

export class UnsupportedMediaType extends DomainError {
  readonly status = 415;
  readonly code = "unsupported_media_type";
}

export class OriginNotVerified extends DomainError {
  readonly status = 403;
  readonly code = "origin_not_verified";
}

export class CrossSiteRequest extends DomainError {
  readonly status = 403;
  readonly code = "cross_site_request";
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Each configured secret's digest, made again only when the secret changes (tests change it). */
const digests = new Map<string, { secret: string; digest: Buffer }>();
function expectedDigest(name: string, secret: string): Buffer {
  const cached = digests.get(name);
  if (cached?.secret === secret) return cached.digest;
  const made = { secret, digest: digest(secret) };
  digests.set(name, made);
  return made.digest;
}

/**
 * Refuses a request that did not come through the distribution: API Gateway's own URL is
 * public, and a caller there would skip the distribution's throttling, headers and WAF. The
 * value CloudFront sends is accepted, and while the secret rotates the other value too
 * (docs/access.md). No configured secret refuses everything rather than letting everything in.
 */
export function requireOriginVerified(event: APIGatewayProxyEventV2): void {
  const given = event.headers?.[ORIGIN_VERIFY_HEADER] ?? "";
  const givenDigest = digest(given);
  let verified = false;
  for (const name of [ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_ROTATING_ENV]) {
    const secret = process.env[name] ?? "";
    // Digests have one length, so each comparison takes the same time whatever was sent, and
    // both are made whichever matches.
    const matches = !!secret && timingSafeEqual(expectedDigest(name, secret), givenDigest);
    verified ||= matches && !!given;
  }
  if (!verified) {
    throw new OriginNotVerified("Requests must come through the portal's own address.");
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** For a signed-in route's unsafe methods, the body must be JSON (see requireSameSite). */
export function requireJsonBody(event: APIGatewayProxyEventV2): void {
  if (!UNSAFE_METHODS.has(event.requestContext?.http?.method ?? "GET")) return;
  const contentType = event.headers?.["content-type"];
  if ((contentType !== undefined || !!event.body) && !JSON_TYPE.test(contentType ?? "")) {
    throw new UnsupportedMediaType("Send the request body as application/json.");
  }
}

/**
 * A write that rides the session cookie alone must come from the portal's own pages. A form
 * on another site can post text/plain or urlencoded bodies with the visitor's cookies and no
 * preflight; it cannot set the Authorization header or a JSON content type without one, so a
 * bearer token proves the caller's own code sent it.
 */
export function requireSameSite(event: APIGatewayProxyEventV2, appUrl: string): void {
  if (!UNSAFE_METHODS.has(event.requestContext?.http?.method ?? "GET")) return;
  const headers = event.headers ?? {};
  if (bearerToken(headers.authorization)) return;
  const fetchSite = headers["sec-fetch-site"];
  const sameOrigin =
    fetchSite === "same-origin" || (fetchSite === undefined && headers.origin === appUrl);
  if (!sameOrigin) {
    throw new CrossSiteRequest("Cross-site requests are not accepted.");
  }
}
