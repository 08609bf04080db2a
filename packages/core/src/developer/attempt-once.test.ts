/**
 * The webhook attempt claim (attempt-once.ts; docs/developer-api.md "Delivered once"): one
 * queue message posts an attempt, others carrying the same attempt post nothing, and an
 * attempt whose holder died is taken over by the holder's own message when it comes back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";
import { SLOT_LEASE_MS } from "./sender-limits";

let dynamo: TestDynamo;
let Once: typeof import("./attempt-once");

beforeAll(async () => {
  dynamo = await startTestDynamo();
  // sst/node reads its bindings when first imported, so the environment comes first.
  Object.assign(process.env, dynamo.env);
  Once = await import("./attempt-once");
});

afterAll(async () => {
  await dynamo?.stop();
});

const EXPIRES = Math.floor(Date.now() / 1000) + 3600;
const attemptOf = (trigger: "event" | "test" | "redeliver" = "event") => ({
  webhookId: "01JWEBHOOK",
  messageId: `evt_${randomUUID()}`,
  attempt: 1,
  trigger,
});

describe("claimAttempt", () => {
  it("gives one attempt to one of two messages that ask at once, and none after it is settled", async () => {
    const attempt = attemptOf();
    const claims = await Promise.all(
      ["sqs-a", "sqs-b"].map((receipt) => Once.claimAttempt(attempt, receipt, EXPIRES)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await claims.find(Boolean)?.settle("delivered");
    for (const receipt of ["sqs-a", "sqs-b", "sqs-c"]) {
      expect(await Once.claimAttempt(attempt, receipt, EXPIRES)).toBeUndefined();
    }
  });

  it("lets the holder's own message take over a claim its killed receive left", async () => {
    const attempt = attemptOf();
    const now = Date.now();
    expect(await Once.claimAttempt(attempt, "sqs-a", EXPIRES, now)).toBeDefined();
    // The process died mid-POST: another message for the attempt waits its turn...
    expect(await Once.claimAttempt(attempt, "sqs-b", EXPIRES, now + 1000)).toBeUndefined();
    // ...and the holder's message, back after its visibility timeout, takes it at once.
    expect(await Once.claimAttempt(attempt, "sqs-a", EXPIRES, now + 1000)).toBeDefined();
  });

  it("lets anyone take over a claim older than the sender's timeout", async () => {
    const attempt = attemptOf();
    const now = Date.now();
    await Once.claimAttempt(attempt, "sqs-a", EXPIRES, now);
    expect(await Once.claimAttempt(attempt, "sqs-b", EXPIRES, now + SLOT_LEASE_MS)).toBeDefined();
  });

  it("gives a released claim to the next message", async () => {
    const attempt = attemptOf();
    const claim = await Once.claimAttempt(attempt, "sqs-a", EXPIRES);
    await claim?.release();
    expect(await Once.claimAttempt(attempt, "sqs-deferred", EXPIRES)).toBeDefined();
  });

  it("never holds back a redelivery a person asked for", async () => {
    const attempt = attemptOf("redeliver");
    const first = await Once.claimAttempt(attempt, "sqs-a", EXPIRES);
    await first?.settle("delivered");
    expect(await Once.claimAttempt(attempt, "sqs-b", EXPIRES)).toBeDefined();
  });
});
