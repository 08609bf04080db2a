import { describe, expect, it } from "vitest";
import { documentClient } from "./client";

describe("the table client's retries", () => {
  // Inside an API request the same client keeps to the request's budget with standard retries
  // (adapters/request-budget.ts, tested there and in faults-dynamodb.test.ts).
  it("outside a request, use the SDK's adaptive mode with five tries (docs/operations.md)", async () => {
    // The wrapper (adapters/request-budget.ts) keeps the strategy's own mode outside requests.
    const strategy = (await documentClient().config.retryStrategy()) as { mode?: string };
    expect(strategy.mode).toBe("adaptive");
    expect(await documentClient().config.maxAttempts()).toBe(5);
  });
});
