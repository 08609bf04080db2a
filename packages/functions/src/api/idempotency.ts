/**
 * Idempotency-Key on signed-in writes (docs/security.md, "Idempotency keys"): a POST, PUT,
 * PATCH or DELETE that carries the header runs once per key and caller; the same key sent
 * again is answered what the first request answered, with `Idempotent-Replayed: true`, and
 * writes nothing. The same key with another method, path or body is a 422; while the first
 * request with it runs, a 409 with Retry-After. Answers below 500 are recorded (a 4xx is an
 * answer too); after a 5xx the outcome is unknown (a write may still land after a 503 of the
 * request's time budget), so the key stays held until its lease ends, and a request with it
 * after that runs again with the ids the first run made (core/db/ids.ts), finding its writes.
 * Keys are per caller: another account's request with the same key runs as its own.
 */
import { createHash } from "node:crypto";
import { withinRequestBudget } from "@portal/core/adapters/request-budget";
import { withRepeatableIds } from "@portal/core/db/ids";
import { DomainError } from "@portal/core/errors";
import { claimKey, recordAnswer } from "@portal/core/idempotency/keys";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { type Attempt, BadRequest, response } from "./frame";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** Stripe's limit: a UUID fits many times over, and a caller's own scheme fits too. */
const MAX_KEY_LENGTH = 255;
/**
 * How long a running request holds its key: past the API functions' 29 s timeout
 * (stacks/Api.ts), so a lease runs out only when its request is certainly over.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;
/** A recorded answer stays well inside DynamoDB's 400 KB item; a larger one is not kept. */
const MAX_RECORDED_BODY = 300_000;
/** The time recording the answer may take, after the request's own budget. */
const RECORD_BUDGET_MS = 3_000;

class IdempotencyKeyReused extends DomainError {
  readonly status = 422;
  readonly code = "idempotency_key_reused";
}

class IdempotencyKeyInUse extends DomainError {
  readonly status = 409;
  readonly code = "idempotency_key_in_use";
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The key a write carries, checked; undefined for a read or a request without one. */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2): string | undefined {
  const method = event.requestContext?.http?.method ?? event.routeKey.split(" ")[0] ?? "";
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined || !WRITES.has(method)) return undefined;
  // Printable ASCII only: what a header carries unchanged through every proxy.
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new BadRequest(
      "invalid_idempotency_key",
      `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters, without spaces`,
    );
  }
  return key;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** What makes two requests the same: method, path, query and body as sent. */
function fingerprint(event: APIGatewayProxyEventV2): string {
  const body = event.isBase64Encoded
    ? Buffer.from(event.body ?? "", "base64").toString("utf8")
    : (event.body ?? "");
  const method = event.requestContext?.http?.method ?? "";
  return sha256([method, event.rawPath, event.rawQueryString ?? "", body].join("\n"));
}

/**
 * Runs `run` once per Idempotency-Key and caller (`userId`, the verified caller), or answers
 * what the key's first request answered. Without a key, or for a read, it just runs `run`.
 * The frame records the answer through `attempt.settle`.
 */
export async function idempotent<T>(
  event: APIGatewayProxyEventV2,
  userId: string,
  attempt: Attempt,
  run: () => Promise<T>,
): Promise<T | ReturnType<typeof response>> {
  const sent = idempotencyKeyOf(event);
  if (sent === undefined) return run();
  const key = { userId, keyHash: sha256(sent) };
  const claim = await claimKey(key, fingerprint(event), IDEMPOTENCY_LEASE_MS);
  switch (claim.kind) {
    case "answered":
      return response({
        status: claim.answer.status,
        text: claim.answer.body,
        headers: {
          ...(claim.answer.contentType ? { "content-type": claim.answer.contentType } : {}),
          "idempotent-replayed": "true",
        },
      });
    case "mismatch":
      throw new IdempotencyKeyReused(
        "This Idempotency-Key was sent with a different request; use a new key for a new request",
      );
    case "running":
      throw new IdempotencyKeyInUse(
        "A request with this Idempotency-Key is still being processed; try again shortly",
        Math.max(1, Math.ceil(claim.retryAfterMs / 1000)),
      );
  }
  attempt.settle = (result) => record(key, claim.leaseId, result);
  return withRepeatableIds(`${userId}\n${key.keyHash}`, claim.firstAt, run);
}

/** Records an answer below 500; a 5xx leaves the key held until its lease ends. */
async function record(
  key: { userId: string; keyHash: string },
  leaseId: string,
  result: APIGatewayProxyStructuredResultV2,
): Promise<void> {
  const status = result.statusCode ?? 200;
  const body = result.body ?? "";
  if (status >= 500 || body.length > MAX_RECORDED_BODY) return;
  const contentType = result.headers?.["content-type"];
  await withinRequestBudget(
    () =>
      recordAnswer(key, leaseId, {
        status,
        body,
        ...(typeof contentType === "string" ? { contentType } : {}),
      }),
    RECORD_BUDGET_MS,
  );
}
