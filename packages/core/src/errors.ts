/**
 * Errors a domain function may throw on purpose. The handler wrapper maps each to its HTTP
 * status; a dependency's temporary failure becomes a 503 (`unavailableError` below); anything
 * else is a 500 with no internals shown.
 */
import { isThrottled } from "./db/errors";

export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Field name → message, for errors about particular fields of the input. */
  readonly fields?: Record<string, string>;
  /** Sent as Retry-After: when the same request may succeed. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    this.fields = fields;
  }
}

/** Missing, or owned by someone else: both look the same to the caller. */
export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = "not_found";
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code = "validation_failed";
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
  readonly code = "unauthorized";
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = "forbidden";
}

/** The request clashes with current state (a domain already claimed, a double submit). */
export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code = "conflict";
}

/** Well-formed, but the rules say no (a plan's website allowance, a reply to a closed ticket). */
export class UnprocessableError extends DomainError {
  readonly status = 422;
  readonly code = "unprocessable";
}

export class RateLimitError extends DomainError {
  readonly status = 429;
  readonly code = "rate_limited";
}

/**
 * Signed in, but the caller's plan does not include this (docs/access.md). The code names what
 * is missing (plan_required, subscription_required, questionnaire_required, staff_required) so
 * the SPA can show the page that supplies it.
 */
export class EntitlementRequiredError extends DomainError {
  readonly status = 403;
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A service we depend on failed for the moment (DynamoDB throttling, Stripe down or rate
 * limiting us): nothing was changed, and the same request may succeed after Retry-After.
 */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
  readonly code = "temporarily_unavailable";
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** What the customer reads when the table is throttled; the SPA shows it as it is. */
export const BUSY_MESSAGE =
  "We are busy right now and nothing was saved. Please try again in a few seconds.";
/** What the customer reads when Stripe fails or rate-limits us (docs/billing.md). */
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  "Our payment provider is not answering right now. Nothing was charged; please try again in a minute.";

/** Seconds to wait after throttling: the SDK's retries already waited a few. */
const THROTTLED_RETRY_AFTER_SECONDS = 5;
const PAYMENTS_RETRY_AFTER_SECONDS = 30;

/**
 * The `stripe` SDK's errors that say Stripe could not serve the request now (its own 5xx, a
 * 429, a timeout or a closed connection), after the SDK's retries (adapters/payments.ts). Read
 * by their `type`, so this module needs no Stripe import.
 */
const STRIPE_UNAVAILABLE = new Set([
  "StripeAPIError",
  "StripeConnectionError",
  "StripeRateLimitError",
]);

function stripeRetryAfter(error: object): number | undefined {
  const headers =
    "headers" in error ? (error.headers as Record<string, unknown> | undefined) : undefined;
  const value = Number(headers?.["retry-after"]);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * The 503 a temporary failure of a dependency becomes, or undefined for any other error. The
 * handler wrapper asks this for every error that is not a DomainError already.
 */
export function unavailableError(error: unknown): ServiceUnavailableError | undefined {
  if (isThrottled(error)) {
    return new ServiceUnavailableError(BUSY_MESSAGE, THROTTLED_RETRY_AFTER_SECONDS);
  }
  if (typeof error === "object" && error !== null && "type" in error) {
    if (STRIPE_UNAVAILABLE.has(String(error.type))) {
      return new ServiceUnavailableError(
        PAYMENTS_UNAVAILABLE_MESSAGE,
        stripeRetryAfter(error) ?? PAYMENTS_RETRY_AFTER_SECONDS,
      );
    }
  }
  return undefined;
}
