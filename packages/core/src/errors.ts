/**
 * Errors a domain function may throw on purpose. The handler wrapper maps each to its HTTP
 * status; anything else is a 500 with no internals shown.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Field name → message, for errors about particular fields of the input. */
  readonly fields?: Record<string, string>;

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
