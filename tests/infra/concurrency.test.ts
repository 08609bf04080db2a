/**
 * The app's peak Lambda concurrency (stacks/settings/concurrency.ts; docs/security.md,
 * "Background work"): computed from the consumer table and the synthesised app's schedules, so
 * a queue or a schedule added later is counted without an edit, and a quota that cannot hold it
 * with room for the API is refused with the quota to ask for.
 */
import { QUEUE_CONSUMERS } from "@portal/functions/queue-consumers";
import { Cron } from "sst/constructs";
import { beforeAll, describe, expect, test } from "vitest";
import {
  API_CONCURRENCY_ROOM,
  concurrencyDemand,
  concurrencyProblem,
  SCHEDULED_FUNCTIONS,
} from "../../stacks/Config";
import { synthesize } from "./synth";

let crons: string[];

beforeAll(async () => {
  const { app } = await synthesize();
  crons = app.node
    .findAll()
    .filter((c) => c instanceof Cron)
    .map((c) => c.node.id);
});

describe("the app's peak concurrency", () => {
  test("counts every schedule the app has", () => {
    expect([...crons].sort()).toEqual([...SCHEDULED_FUNCTIONS].sort());
  });

  test("is every queue at its cap, a browser per jobs worker, every schedule", () => {
    const demand = concurrencyDemand(QUEUE_CONSUMERS);
    const queues = Object.values(QUEUE_CONSUMERS).reduce((sum, row) => sum + row.maxConcurrency, 0);
    expect(demand.background).toBe(
      queues + QUEUE_CONSUMERS.Jobs.maxConcurrency + SCHEDULED_FUNCTIONS.length,
    );
    expect(demand.needed).toBe(demand.background + API_CONCURRENCY_ROOM);
    // A queue added to the table is counted without an edit.
    const more = concurrencyDemand({ ...QUEUE_CONSUMERS, Backlog: { maxConcurrency: 4 } });
    expect(more.background).toBe(demand.background + 4);
  });

  test("a quota of 10, as on new accounts, is refused; the default 1000 holds it", () => {
    const demand = concurrencyDemand(QUEUE_CONSUMERS);
    const at = (quota: number, workerReservation = 0, reservedByOthers = 0) =>
      concurrencyProblem({
        demand,
        quota,
        reservedByOthers,
        workerReservation,
        region: "us-east-1",
      });
    expect(at(10)).toMatch(new RegExp(`quota of at least ${demand.needed} `));
    expect(at(1000)).toBeUndefined();
    expect(at(1000, 5)).toBeUndefined();
    // Others' reservations are not the stage's to use.
    expect(at(1000, 0, 1000 - demand.needed + 1)).toMatch(/reserved by other functions/);
    // Exactly enough for the work and the API; a reservation then needs Lambda's 100 beside it.
    expect(at(demand.needed)).toBeUndefined();
    expect(at(demand.needed - 1)).toMatch(/cannot hold the stage/);
    expect(at(demand.needed, 5)).toMatch(/quota of at least 105 /);
  });
});
