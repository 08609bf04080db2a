/**
 * The local queues keep their messages in the data folder as SQS keeps them
 * (queue-journal.ts): a queue made again on the same folder, as after `npm start` was killed,
 * has every message that was sent and not deleted, each with its receive count, in-flight
 * ones visible again only after their visibility timeout, and its dead letters.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQSEvent } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { LocalQueue } from "./queue";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "queue-journal-"));
  dirs.push(dir);
  return dir;
}

/** A consumer that never finishes: the process "dies" with the batch in flight. */
const hangs = () => new Promise<void>(() => {});

function recorder() {
  const seen: { body: string; receiveCount: string }[] = [];
  return {
    seen,
    consumer: async (event: SQSEvent) => {
      for (const r of event.Records) {
        seen.push({ body: r.body, receiveCount: r.attributes.ApproximateReceiveCount });
      }
    },
  };
}

describe("LocalQueue with a journal folder", () => {
  it("finds after a crash what was waiting at once, and what was in flight after its timeout", async () => {
    const dir = folder();
    const before = new LocalQueue({
      name: "jobs",
      journalDir: dir,
      visibilityTimeoutMs: 300,
      consumer: hangs,
    });
    before.send("in flight");
    before.send("waiting 1");
    before.send("waiting 2", { delaySeconds: 0 });
    expect(before.state()).toMatchObject({ waiting: 2, inFlight: 1 });
    // No stop(): the process is gone; only the folder is left.

    const { seen, consumer } = recorder();
    const after = new LocalQueue({
      name: "jobs",
      journalDir: dir,
      visibilityTimeoutMs: 300,
      consumer,
    });
    expect(after.state()).toMatchObject({ waiting: 2, inFlight: 1, delivered: 1 });
    expect(seen).toEqual([]); // nothing runs before resume(): the consumer's env may not be set
    const resumed = Date.now();
    after.resume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([
      { body: "waiting 1", receiveCount: "1" },
      { body: "waiting 2", receiveCount: "1" },
    ]);
    await after.idle();
    expect(Date.now() - resumed).toBeGreaterThanOrEqual(200);
    expect(seen[2]).toEqual({ body: "in flight", receiveCount: "2" });
    expect(after.state()).toMatchObject({ waiting: 0, inFlight: 0, delivered: 4 });
    await after.stop();

    // Deleted messages stay deleted in the next run.
    const third = new LocalQueue({ name: "jobs", journalDir: dir, consumer: hangs });
    expect(third.state()).toMatchObject({ waiting: 0, inFlight: 0 });
  });

  it("counts receives across restarts, so a message that kills the process is dead-lettered", async () => {
    const dir = folder();
    const options = {
      name: "events",
      journalDir: dir,
      visibilityTimeoutMs: 20,
      maxReceiveCount: 2,
    };
    new LocalQueue({ ...options, consumer: hangs }).send("poison");
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = new LocalQueue({ ...options, consumer: hangs });
    second.resume(); // the second receive: the process dies again
    await new Promise((resolve) => setTimeout(resolve, 30));

    const third = new LocalQueue({ ...options, consumer: hangs });
    third.resume(); // a third receive would exceed maxReceiveCount: to the dead letters
    expect(third.deadLetters()).toEqual([
      expect.objectContaining({ body: "poison", receiveCount: 2 }),
    ]);
    await third.stop();
    const fourth = new LocalQueue({ ...options, consumer: hangs });
    expect(fourth.state()).toMatchObject({ waiting: 0, inFlight: 0, delivered: 2 });
    expect(fourth.deadLetters().map((d) => d.body)).toEqual(["poison"]);
  });

  it("ignores a torn last line, and starts from one compact snapshot", async () => {
    const dir = folder();
    const first = new LocalQueue({ name: "webhooks", journalDir: dir, consumer: hangs });
    first.send("kept");
    const file = path.join(dir, "webhooks.jsonl");
    appendFileSync(file, '{"op":"sent","message":{"messageId":"torn","bo');
    const second = new LocalQueue({ name: "webhooks", journalDir: dir, consumer: hangs });
    expect(second.state()).toMatchObject({ waiting: 0, inFlight: 1 });
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
  });

  it("refuses a queue name that is not a plain file name", () => {
    expect(
      () => new LocalQueue({ name: "../escape", journalDir: folder(), consumer: hangs }),
    ).toThrow(/Unsafe queue name/);
  });
});
