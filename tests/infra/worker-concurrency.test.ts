/**
 * The jobs worker's reserved concurrency is a stage setting (WORKER_RESERVED_CONCURRENCY,
 * stacks/Config.ts; docs/security.md, "Background work"): none by default, because Lambda
 * refuses a reservation that leaves fewer than 10 unreserved and new accounts often have 10 in
 * all. The queue's maximumConcurrency caps the audits at once either way.
 */
import { afterEach, describe, expect, it } from "vitest";
import { workerReservedConcurrency } from "../../stacks/Config";
import { Jobs, WORKER_CONCURRENCY } from "../../stacks/Jobs";
import { synthesize, validSettings } from "./synth";
import { consumerConcurrency } from "./template-queries";

afterEach(() => {
  delete process.env.WORKER_RESERVED_CONCURRENCY;
});

async function jobsConcurrency(reservation?: string) {
  const settings =
    reservation === undefined
      ? validSettings
      : { ...validSettings, WORKER_RESERVED_CONCURRENCY: reservation };
  const { template } = await synthesize("test", settings);
  const json = template(Jobs).toJSON() as Parameters<typeof consumerConcurrency>[0];
  const [queueId] = Object.entries(json.Resources).find(
    ([id, r]) => r.Type === "AWS::SQS::Queue" && id.startsWith("JobsQueue"),
  ) ?? [""];
  return { ...consumerConcurrency(json, queueId), template: template(Jobs) };
}

describe("WORKER_RESERVED_CONCURRENCY", () => {
  it("reads 0 or nothing as no reservation, and a number at least the queue's cap as itself", () => {
    expect(workerReservedConcurrency(5, {})).toBeUndefined();
    expect(workerReservedConcurrency(5, { WORKER_RESERVED_CONCURRENCY: "0" })).toBeUndefined();
    expect(workerReservedConcurrency(5, { WORKER_RESERVED_CONCURRENCY: " 8 " })).toBe(8);
  });

  it("refuses a reservation below the queue's cap, and anything not a whole number", () => {
    for (const value of ["3", "-1", "5.5", "five"]) {
      expect(() => workerReservedConcurrency(5, { WORKER_RESERVED_CONCURRENCY: value })).toThrow(
        /WORKER_RESERVED_CONCURRENCY must be 0 \(no reservation\) or a whole number of at least 5/,
      );
    }
  });

  it("by default the worker reserves nothing and the queue still caps it", async () => {
    const { maximumConcurrency, reserved } = await jobsConcurrency();
    expect({ maximumConcurrency, reserved }).toEqual({
      maximumConcurrency: WORKER_CONCURRENCY,
      reserved: undefined,
    });
  });

  it("a stage that asks for 8 reserves 8, with the same cap", async () => {
    const { maximumConcurrency, reserved, template } = await jobsConcurrency("8");
    expect({ maximumConcurrency, reserved }).toEqual({
      maximumConcurrency: WORKER_CONCURRENCY,
      reserved: 8,
    });
    // Only the worker reserves: the browser function it invokes does not.
    const functions = Object.entries(
      template.findResources("AWS::Lambda::Function", {
        Properties: { ReservedConcurrentExecutions: 8 },
      }),
    );
    expect(functions.map(([id]) => id.replace(/[0-9A-F]{8}$/, ""))).toEqual(["JobsWorker"]);
  });

  it("a stage that asks for too little fails synthesis with the setting's name", async () => {
    await expect(jobsConcurrency("2")).rejects.toThrow(/WORKER_RESERVED_CONCURRENCY/);
  });
});
