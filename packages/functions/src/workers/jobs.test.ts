import type { SQSEvent, SQSRecord } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
