/**
 * The in-process queue's batching, as Lambda's event source mapping batches a queue with a
 * batching window (stacks/Analytics.ts): a batch goes when it is full or its first message has
 * waited the window, and only the records a consumer reports as failed come back.
 */
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { LocalQueue } from "./queue";

function recordingQueue(options: { batchSize: number; batchWindowMs: number }) {
  const batches: string[][] = [];
  let fail = new Set<string>();
  const queue = new LocalQueue({
    name: "test-batches",
    visibilityTimeoutMs: 50,
    maxReceiveCount: 2,
    ...options,
    consumer: async (event: SQSEvent): Promise<SQSBatchResponse> => {
      batches.push(event.Records.map((r) => r.body));
      return {
        batchItemFailures: event.Records.filter((r) => fail.has(r.body)).map((r) => ({
          itemIdentifier: r.messageId,
        })),
      };
    },
  });
  return { queue, batches, failing: (bodies: string[]) => (fail = new Set(bodies)) };
}

describe("LocalQueue batches", () => {
  it("waits the window to fill a batch, and sends a full batch at once", async () => {
    const { queue, batches } = recordingQueue({ batchSize: 3, batchWindowMs: 200 });
    queue.send("a");
    queue.send("b");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([]); // neither full nor past the window yet
    queue.send("c");
    queue.send("d");
    await queue.idle();
    expect(batches).toEqual([["a", "b", "c"], ["d"]]);
    await queue.stop();
  });

  it("redelivers only the records the consumer failed, and dead-letters them in the end", async () => {
    const { queue, batches, failing } = recordingQueue({ batchSize: 10, batchWindowMs: 20 });
    failing(["b"]);
    for (const body of ["a", "b", "c"]) queue.send(body);
    await queue.idle();
    expect(batches).toEqual([["a", "b", "c"], ["b"]]);
    expect(queue.deadLetters().map((d) => d.body)).toEqual(["b"]);
    await queue.stop();
  });
});

describe("LocalQueue concurrency", () => {
  it("runs up to maxConcurrency invocations at once, as the event source's maximum does", async () => {
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const queue = new LocalQueue({
      name: "test-concurrency",
      maxConcurrency: 3,
      consumer: async (event: SQSEvent) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 50));
        running -= 1;
        done.push(...event.Records.map((r) => r.body));
      },
    });
    for (const body of ["a", "b", "c", "d", "e", "f", "g"]) queue.send(body);
    await queue.idle();
    expect(most).toBe(3);
    expect(done.sort()).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    await queue.stop();
  });
});

describe("LocalQueue stop", () => {
  it("waits for a consumer still running, but not past its grace", async () => {
    let finish: () => void = () => {};
    const queue = new LocalQueue({
      name: "test-stop",
      consumer: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    queue.send("slow");
    await expect.poll(() => queue.state().inFlight).toBe(1);
    const started = Date.now();
    await queue.stop(100);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(90);
    expect(waited).toBeLessThan(2_000);
    finish();
  });

  it("ends as soon as the running consumers do", async () => {
    const queue = new LocalQueue({
      name: "test-stop-quick",
      consumer: () => new Promise<void>((resolve) => setTimeout(resolve, 50)),
    });
    queue.send("quick");
    await expect.poll(() => queue.state().inFlight).toBe(1);
    const started = Date.now();
    await queue.stop(5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
