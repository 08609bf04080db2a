/**
 * The mixed load of `npm run bench -- load` (scripts/bench/load.ts, docs/performance.md
 * "`load`"), short: 20 customers for 10 s over dashboard reads, ticket writes and replies,
 * page views, the staff inbox and SEO runs. No answer may be an error (the SEO limit's 429 is
 * not one), and every acknowledged write must be counted back.
 */
import type { QueueState } from "@portal/devstack/queue";
import { QUEUE_CONSUMERS, visibilityTimeoutSeconds } from "@portal/functions/queue-consumers";
import { afterAll, describe, expect, it } from "vitest";
import { runMixedLoad, startLoadStack, startPageServer } from "../../scripts/bench/load";

let stops: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

describe("a mixed load, short", () => {
  it("answers every request and loses no write", async () => {
    const pages = await startPageServer();
    stops.push(pages.stop);
    const stack = await startLoadStack(pages.origin);
    stops.push(stack.stop);
    Object.assign(process.env, stack.env);
    // Production's visibility timeout, not SQS's default 30 s: with one receive only, a slow
    // batch under load was dead-lettered while it was still being counted.
    const pageViews = (await (
      await fetch(`${stack.url}/__devstack/page-views`)
    ).json()) as QueueState;
    expect(pageViews.visibilityTimeoutMs).toBe(
      visibilityTimeoutSeconds(QUEUE_CONSUMERS.PageViews) * 1000,
    );
    const result = await runMixedLoad({
      url: stack.url,
      env: stack.env,
      pagesOrigin: pages.origin,
      clients: 20,
      durationMs: 10_000,
    });
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    for (const route of result.routes) expect(route.requests).toBeGreaterThan(0);
    expect(result.writes.every((w) => w.acknowledged > 0)).toBe(true);
    expect(result.writes.filter((w) => w.acknowledged !== w.stored)).toEqual([]);
    expect(result.lostWrites).toBe(0);
    expect(Object.values(result.deadLetters).every((count) => count === 0)).toBe(true);
  }, 120_000);
});
