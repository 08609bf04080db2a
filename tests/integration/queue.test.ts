/**
 * Jobs: sent with the real SQS SDK to the local SQS endpoint, delivered by the in-process
 * queue to the jobs worker, retried when they fail and dead-lettered after maxReceiveCount.
 */
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { LOCAL_REGION, localCredentials } from "@portal/devstack/aws";
import { LocalQueue } from "@portal/devstack/queue";
import { startSqsEndpoint } from "@portal/devstack/sqs-endpoint";
import { defineJob } from "@portal/functions/workers/define-job";
import { createJobsHandler } from "@portal/functions/workers/jobs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { stackUrl, useStackEnv } from "../support/stack";

describe("queue with test-only job kinds", () => {
  const runs: { kind: string; id: string; receiveCount: number }[] = [];
  const track = defineJob({
    kind: "track",
    payload: { id: z.string() },
    async run(message, { receiveCount }) {
      runs.push({ kind: "track", id: message.id, receiveCount });
    },
  });
  // Fails on its first delivery only: the retry must succeed and nothing is dead-lettered.
  const flaky = defineJob({
    kind: "flaky",
    payload: { id: z.string() },
    async run(message, { receiveCount }) {
      runs.push({ kind: "flaky", id: message.id, receiveCount });
      if (receiveCount === 1) throw new Error("first try fails");
    },
  });
  const broken = defineJob({
    kind: "broken",
    payload: { id: z.string() },
    async run(message, { receiveCount }) {
      runs.push({ kind: "broken", id: message.id, receiveCount });
      throw new Error("always fails");
    },
  });

  const queue = new LocalQueue({
    name: "test-jobs",
    consumer: createJobsHandler([track, flaky, broken]),
    visibilityTimeoutMs: 100,
    maxReceiveCount: 3,
  });
  let sqs: Awaited<ReturnType<typeof startSqsEndpoint>>;
  let client: SQSClient;

  beforeAll(async () => {
    // The worker logs a line per job; keep the test output to the results.
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    sqs = await startSqsEndpoint({ host: "127.0.0.1", queues: [queue] });
    client = new SQSClient({
      endpoint: sqs.endpoint,
      region: LOCAL_REGION,
      credentials: localCredentials,
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    client.destroy();
    await queue.stop();
    await sqs.stop();
  });

  it("delivers, retries and dead-letters through the SQS API", async () => {
    const QueueUrl = sqs.queueUrl(queue.name);
    const sent = await client.send(
      new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify({ kind: "track", id: "a" }) }),
    );
    expect(sent.MessageId).toBeTruthy();
    const batch = await client.send(
      new SendMessageBatchCommand({
        QueueUrl,
        Entries: [
          { Id: "1", MessageBody: JSON.stringify({ kind: "flaky", id: "b" }) },
          { Id: "2", MessageBody: JSON.stringify({ kind: "broken", id: "c" }) },
          { Id: "3", MessageBody: "this is not a job" },
        ],
      }),
    );
    expect(batch.Successful).toHaveLength(3);

    await queue.idle();

    expect(runs.filter((r) => r.kind === "track")).toEqual([
      { kind: "track", id: "a", receiveCount: 1 },
    ]);
    expect(runs.filter((r) => r.kind === "flaky").map((r) => r.receiveCount)).toEqual([1, 2]);
    expect(runs.filter((r) => r.kind === "broken").map((r) => r.receiveCount)).toEqual([1, 2, 3]);

    const dead = queue.deadLetters();
    const deadBodies = dead.map((d) => d.body).sort();
    expect(deadBodies).toEqual(["this is not a job", JSON.stringify({ kind: "broken", id: "c" })]);
    expect(dead.every((d) => d.receiveCount === 3)).toBe(true);
    expect(queue.state()).toMatchObject({ waiting: 0, inFlight: 0 });
  });

  it("answers an unknown queue with SQS's error", async () => {
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl("nope"), MessageBody: "{}" })),
    ).rejects.toMatchObject({ name: "QueueDoesNotExist" });
  });
});

describe("the local stack's jobs queue", () => {
  it("dead-letters a message the worker cannot parse and shows it at /__devstack/queue", async () => {
    const env = useStackEnv();
    const client = new SQSClient({});
    const { MessageId } = await client.send(
      new SendMessageCommand({
        QueueUrl: env.SST_Queue_queueUrl_Jobs,
        MessageBody: JSON.stringify({ kind: "no-such-kind" }),
      }),
    );
    client.destroy();

    // Three deliveries 200 ms apart, then the move to the dead-letter list.
    let state: { deadLetters: { messageId: string; receiveCount: number }[] } | undefined;
    await vi.waitFor(
      async () => {
        state = (await (await fetch(`${stackUrl()}/__devstack/queue`)).json()) as typeof state;
        expect(state?.deadLetters.map((d) => d.messageId)).toContain(MessageId);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(state?.deadLetters.find((d) => d.messageId === MessageId)?.receiveCount).toBe(3);
  });
});
