import { AdaptiveRetryStrategy } from "@smithy/util-retry";
import { describe, expect, it } from "vitest";
import { documentClient } from "./client";

describe("the table client's retries", () => {
  it("use the SDK's adaptive mode with five tries (docs/operations.md)", async () => {
    const strategy = await documentClient().config.retryStrategy();
    expect(strategy).toBeInstanceOf(AdaptiveRetryStrategy);
    expect(await documentClient().config.maxAttempts()).toBe(5);
  });
});
