/** Telling a failed write condition apart from other DynamoDB failures. */

/**
 * True when DynamoDB refused a write because its condition did not hold: a `create` of a key
 * that exists, a `patch` of one that does not, or a `where` clause that was false. ElectroDB
 * wraps the SDK's error, so both shapes are recognised.
 */
export function isConditionFailure(error: unknown): boolean {
  let current: unknown = error;
  // The SDK error can sit one or two `cause`s deep depending on the ElectroDB operation.
  for (let depth = 0; depth < 3 && current; depth++) {
    if (
      typeof current === "object" &&
      "name" in current &&
      current.name === "ConditionalCheckFailedException"
    ) {
      return true;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * True when the write was refused as invalid, not because of the moment: DynamoDB's
 * ValidationException (an item over 400 KB, an attribute it cannot store) or ElectroDB's own
 * validation. The same write would be refused on every retry.
 */
export function isInvalidWrite(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if (
      typeof current === "object" &&
      "name" in current &&
      (current.name === "ValidationException" || current.name === "ElectroValidationError")
    ) {
      return true;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * DynamoDB's answers that mean "too much right now", after the SDK's own retries gave up:
 * the table or index is over its throughput, or the account's request rate is. The same write
 * may well succeed a moment later (docs/operations.md, "When a dependency fails").
 */
const THROTTLING_ERRORS = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  // The client's own rate limiter held a call past the request's time budget
  // (adapters/request-budget.ts): throttling seen from our side.
  "RequestBudgetExceeded",
]);

export function isThrottled(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth++) {
    if (
      typeof current === "object" &&
      "name" in current &&
      THROTTLING_ERRORS.has(String(current.name))
    ) {
      return true;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}
