/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, docs/developer-api.md): the
 * `webhook-signature` header is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under
 * the endpoint's secret, whose bytes are the base64 after `whsec_`.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_MARK = "whsec_";

/** A new endpoint secret: 24 random bytes, as Standard Webhooks' libraries make them. */
export function newSigningSecret(): string {
  return `${SECRET_MARK}${randomBytes(24).toString("base64")}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(SECRET_MARK) ? secret.slice(SECRET_MARK.length) : secret,
    "base64",
  );
}

/** The `webhook-signature` value for one message. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secretBytes(secret)).update(`${id}.${timestamp}.${body}`);
  return `v1,${mac.digest("base64")}`;
}

export interface SignedHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

export function signedHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): SignedHeaders {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": sign(secret, id, timestamp, body),
  };
}

/** How far a receiver lets a timestamp drift before refusing (replays), in seconds. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/**
 * What a receiver does (the guide's example; tests' receivers use it): the timestamp is
 * recent, and one of the space-separated `v1,` signatures matches, compared in constant time.
 */
export function verify(
  secret: string,
  headers: Partial<Record<keyof SignedHeaders, string | undefined>>,
  body: string,
  now = Date.now(),
): boolean {
  const id = headers["webhook-id"];
  const timestamp = Number(headers["webhook-timestamp"]);
  const given = headers["webhook-signature"];
  if (!id || !given || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now / 1000 - timestamp) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), "base64");
  return given.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const candidate = Buffer.from(value, "base64");
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}
