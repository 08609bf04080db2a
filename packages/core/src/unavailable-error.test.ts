import { describe, expect, it } from "vitest";
import { BUSY_MESSAGE, PAYMENTS_UNAVAILABLE_MESSAGE, unavailableError } from "./errors";

describe("unavailableError", () => {
  it("turns DynamoDB throttling, bare or wrapped by ElectroDB, into a 503 with Retry-After", () => {
    for (const name of ["ProvisionedThroughputExceededException", "ThrottlingException"]) {
      const wrapped = Object.assign(new Error("Error thrown by DynamoDB client"), {
        cause: Object.assign(new Error("slow down"), { name }),
      });
      const error = unavailableError(wrapped);
      expect(error?.status).toBe(503);
      expect(error?.message).toBe(BUSY_MESSAGE);
      expect(error?.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("turns Stripe's outages into a 503, with Stripe's own Retry-After when it sent one", () => {
    const limited = { type: "StripeRateLimitError", headers: { "retry-after": "7" } };
    expect(unavailableError(limited)).toMatchObject({
      status: 503,
      message: PAYMENTS_UNAVAILABLE_MESSAGE,
      retryAfterSeconds: 7,
    });
    expect(unavailableError({ type: "StripeConnectionError" })?.status).toBe(503);
    expect(unavailableError({ type: "StripeAPIError" })?.status).toBe(503);
  });

  it("leaves every other error alone (a card decline, a condition, a bug stay what they are)", () => {
    expect(unavailableError({ type: "StripeCardError" })).toBeUndefined();
    expect(
      unavailableError(Object.assign(new Error(), { name: "ConditionalCheckFailedException" })),
    ).toBeUndefined();
    expect(unavailableError(new TypeError("x is undefined"))).toBeUndefined();
  });
});
