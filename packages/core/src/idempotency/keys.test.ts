/**
 * Idempotency keys (docs/security.md, "Idempotency keys") against dynalite: one claim per key
 * and caller, the answer kept and given back, another request with the key refused, another
 * caller's key their own, and a request sent again after its first run's end is unknown finds
 * what the first run wrote instead of writing it again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDynamo, type TestDynamo } from "../db/testing";

let dynamo: TestDynamo;
let Keys: typeof import("./keys");
let Tickets: typeof import("../tickets/index");
let ids: typeof import("../db/ids");

beforeAll(async () => {
  dynamo = await startTestDynamo();
  Object.assign(process.env, dynamo.env);
  Keys = await import("./keys");
  Tickets = await import("../tickets/index");
  ids = await import("../db/ids");
});

afterAll(async () => {
  await dynamo?.stop();
});

const ANSWER = { status: 201, contentType: "application/json", body: '{"id":"1"}' };

describe("a key's claim", () => {
  it("runs once; the same request again waits, then is answered what the first answered", async () => {
    const key = { userId: "user_a", keyHash: "k1" };
    const first = await Keys.claimKey(key, "fp", 30_000);
    expect(first.kind).toBe("run");
    expect(await Keys.claimKey(key, "fp", 30_000)).toMatchObject({ kind: "running" });
    if (first.kind !== "run") throw new Error("not claimed");
    expect(await Keys.recordAnswer(key, first.leaseId, ANSWER)).toBe(true);
    expect(await Keys.claimKey(key, "fp", 30_000)).toEqual({ kind: "answered", answer: ANSWER });
  });

  it("refuses the key with another request, and never lets another caller read it", async () => {
    const key = { userId: "user_a", keyHash: "k2" };
    const first = await Keys.claimKey(key, "fp", 30_000);
    if (first.kind !== "run") throw new Error("not claimed");
    await Keys.recordAnswer(key, first.leaseId, ANSWER);
    expect(await Keys.claimKey(key, "another body", 30_000)).toEqual({ kind: "mismatch" });
    // The same key from another account is a key of its own: it runs, and learns nothing.
    expect(await Keys.claimKey({ userId: "user_b", keyHash: "k2" }, "fp", 30_000)).toMatchObject({
      kind: "run",
    });
  });

  it("is taken over once its lease ran out, with the first run's time; the old holder records nothing", async () => {
    const key = { userId: "user_a", keyHash: "k3" };
    const now = Date.now();
    const first = await Keys.claimKey(key, "fp", 1_000, now);
    if (first.kind !== "run") throw new Error("not claimed");
    const again = await Keys.claimKey(key, "fp", 1_000, now + 1_001);
    expect(again).toMatchObject({ kind: "run", firstAt: now });
    expect(await Keys.recordAnswer(key, first.leaseId, ANSWER)).toBe(false);
    if (again.kind !== "run") throw new Error("not taken over");
    expect(await Keys.recordAnswer(key, again.leaseId, ANSWER)).toBe(true);
  });

  it("erasure forgets a caller's keys", async () => {
    await Keys.forgetKeys("user_a");
    expect(await Keys.claimKey({ userId: "user_a", keyHash: "k1" }, "fp", 30_000)).toMatchObject({
      kind: "run",
    });
  });
});

describe("a request run again with its key's ids", () => {
  it("makes the same ids in the same order, and other keys other ids", async () => {
    const made = (seed: string) =>
      ids.withRepeatableIds(seed, 1_700_000_000_000, async () => [ids.newId(), ids.newId()]);
    const [a, b] = await made("user_a\nk");
    expect(await made("user_a\nk")).toEqual([a, b]);
    expect(ids.isId(a)).toBe(true);
    expect((a ?? "") < (b ?? "")).toBe(true);
    expect(await made("user_b\nk")).not.toContain(a);
  });

  it("opens one ticket, and answers it again, however often it runs", async () => {
    const input = {
      title: "Opening hours are wrong",
      description: "The footer still shows the winter opening hours.",
      category: "general",
      priority: "medium",
    } as const;
    const firstAt = Date.now();
    const run = () =>
      ids.withRepeatableIds("user_t\nk", firstAt, () => Tickets.create("user_t", input, "user_t"));
    const first = await run();
    const second = await run();
    expect(second.id).toBe(first.id);
    expect(await Tickets.list("user_t")).toHaveLength(1);
  });
});
