import { startTestDynamo, type TestDynamo } from "@portal/core/db/testing";
import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { defineJob } from "./define-job";
import { createJobsHandler, handler } from "./jobs";

function record(messageId: string, body: unknown, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: messageId,
    body: typeof body === "string" ? body : JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: "0",
      SenderId: "test",
      ApproximateFirstReceiveTimestamp: "0",
    },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:jobs",
    awsRegion: "us-east-1",
  };
}

const event = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

beforeEach(() => {
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("jobs worker", () => {
  const greeted: { name: string; receiveCount: number }[] = [];
  const greet = defineJob({
    kind: "greet",
    payload: { name: z.string().min(1) },
    async run(message, context) {
      greeted.push({ name: message.name, receiveCount: context.receiveCount });
    },
  });
  const explode = defineJob({
    kind: "explode",
    payload: {},
    async run() {
      throw new Error("boom");
    },
  });
  const worker = createJobsHandler([greet, explode]);

  it("runs each message with its kind's runner and reports only failures", async () => {
    const result = await worker(
      event(
        record("ok", { kind: "greet", name: "Ada" }, 2),
        record("fails", { kind: "explode" }),
        record("unknown-kind", { kind: "teleport" }),
        record("bad-payload", { kind: "greet", name: "" }),
        record("not-json", "{kind:"),
      ),
    );
    expect(greeted).toEqual([{ name: "Ada", receiveCount: 2 }]);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([
      "fails",
      "unknown-kind",
      "bad-payload",
      "not-json",
    ]);
  });

  it("the deployed worker fails a message of a kind nobody registered", async () => {
    const result = await handler(event(record("m1", { kind: "no-such-kind" })));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: "m1" }]);
  });
});

describe("each customer's share of the workers", () => {
  let dynamo: TestDynamo;
  let claimWorker: typeof import("@portal/core/browser/worker-share").claimWorker;

  beforeAll(async () => {
    dynamo = await startTestDynamo();
    Object.assign(process.env, dynamo.env);
    ({ claimWorker } = await import("@portal/core/browser/worker-share"));
  });
  afterAll(async () => {
    await dynamo?.stop();
  });

  it("runs at most two of one customer's jobs at once and puts the rest back, not failed", async () => {
    const running: string[] = [];
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const hold = defineJob({
      kind: "hold",
      payload: { userId: z.string(), n: z.number() },
      async run(message) {
        running.push(`${message.userId}#${message.n}`);
        await gate;
      },
    });
    const deferred: unknown[] = [];
    const worker = createJobsHandler([hold], {
      claim: (userId) => claimWorker(userId, 60_000),
      defer: async (message) => {
        deferred.push(message);
        return 5;
      },
    });
    // Five workers at once, as the event source runs them: four of one customer's, one other's.
    const runs = [
      ...[1, 2, 3, 4].map((n) => worker(event(record(`a${n}`, { kind: "hold", userId: "a", n })))),
      worker(event(record("b1", { kind: "hold", userId: "b", n: 1 }))),
    ];
    await vi.waitFor(() => expect(running.length + deferred.length).toBe(5));
    expect(running.filter((r) => r.startsWith("a#"))).toHaveLength(2);
    expect(running).toContain("b#1");
    expect(deferred).toHaveLength(2);
    expect(deferred).toContainEqual(expect.objectContaining({ kind: "hold", userId: "a" }));
    open();
    for (const result of await Promise.all(runs)) expect(result.batchItemFailures).toEqual([]);
    // The slots came back: a job put back runs when it returns, counting its deferrals on.
    const again = await worker(
      event(record("a3-again", { kind: "hold", userId: "a", n: 3, deferrals: 1 })),
    );
    expect(again.batchItemFailures).toEqual([]);
    expect(running).toContain("a#3");
  });
});
