/**
 * The grants of every function that is not an API route (packages/functions/src/worker-grants.ts)
 * proven against its bundle, as tests/infra/bundles.test.ts proves the routes': each adapter in
 * the bundle has its grant and each grant an adapter (stacks/grants.ts grantMismatches), and a
 * bundle that writes the table holds table:write (tableWriteProblems). The synthesised app has
 * no other function with a handler of ours, so a new worker needs a row.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { browserHandler, routes } from "@portal/functions/routes";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { Function as SstFunction } from "sst/constructs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BundleSize, bundleHandlers } from "../../stacks/bundling";
import { grantMismatches, tableWriteProblems } from "../../stacks/grants";
import { functionProps, synthesize } from "./synth";

let outDir: string;
let bundles: Map<string, BundleSize>;
let handlers: string[];

beforeAll(async () => {
  const { app } = await synthesize();
  handlers = app.node
    .findAll()
    .filter((c): c is SstFunction => c instanceof SstFunction)
    .map((fn) => functionProps(fn).handler)
    .filter((handler): handler is string => typeof handler === "string");
  outDir = await mkdtemp(path.join(os.tmpdir(), "portal-worker-grants-"));
  const built = await bundleHandlers(
    Object.values(WORKER_GRANTS).map((row) => row.handler),
    outDir,
  );
  bundles = new Map(built.map((b) => [b.handler, b]));
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/**
 * Mismatches the proof found when it was written, each to be fixed by its owner (a grant the
 * function needs, or a module its bundle holds but never reaches): "worker: problem". An entry
 * that no longer occurs fails the test, so the list only shrinks.
 */
const KNOWN_MISMATCHES = new Set<string>([
  "SiteDeletions: packages/core/src/adapters/content-store.ts reads Bucket.Screenshots.bucketName, which needs content:read or content:upload or content:write",
  "SiteDeletions: packages/core/src/hosting/deployments-queue.ts reads Queue.Deployments.queueUrl, which needs deployments:send",
  "JobsWorker: packages/core/src/notifications/unsubscribe-token.ts reads Config.UNSUBSCRIBE_KEY, which needs mail:unsubscribe-key",
  "PrivacyJobs: packages/core/src/privacy/jobs-queue.ts reads Queue.PrivacyJobs.queueUrl, which needs privacy-jobs:send",
  "PrivacyJobs: packages/core/src/adapters/content-store.ts reads Bucket.Screenshots.bucketName, which needs content:read or content:upload or content:write",
  "PrivacyJobs: packages/core/src/hosting/deployments-queue.ts reads Queue.Deployments.queueUrl, which needs deployments:send",
  "DeploymentsWorker: packages/core/src/hosting/deployments-queue.ts reads Queue.Deployments.queueUrl, which needs deployments:send",
]);

function problems(name: string, grants: readonly string[]): string[] {
  const row = WORKER_GRANTS[name as keyof typeof WORKER_GRANTS];
  const bundle = bundles.get(row.handler);
  if (!bundle) throw new Error(`${name}: no bundle`);
  const held = grants as typeof row.grants;
  return [
    ...grantMismatches(held, bundle.modules),
    ...tableWriteProblems(held, bundle.tableWrites),
  ];
}

describe("workers' and consumers' grants against their bundles", () => {
  it("every function of ours that is not an API route has a row", () => {
    const routeHandlers = new Set(Object.values(routes).map((r) => r.handler));
    const rows = new Set<string>(Object.values(WORKER_GRANTS).map((r) => r.handler));
    const ours = handlers.filter((h) => h.startsWith("packages/functions/src/"));
    // The audit browser is granted nothing at all (stacks/Jobs.ts, docs/security.md).
    const unproven = ours.filter(
      (h) => !routeHandlers.has(h) && !rows.has(h) && h !== browserHandler,
    );
    expect(unproven).toEqual([]);
    for (const row of rows) expect(handlers, row).toContain(row);
  });

  it("every adapter in a bundle has its grant, every grant an adapter, every writer table:write", () => {
    const found = Object.entries(WORKER_GRANTS).flatMap(([name, row]) =>
      problems(name, row.grants).map((p) => `${name}: ${p}`),
    );
    expect(found.filter((p) => !KNOWN_MISMATCHES.has(p))).toEqual([]);
    expect([...KNOWN_MISMATCHES].filter((p) => !found.includes(p))).toEqual([]);
  });

  it("tells reads from writes: a worker that writes, granted table:read, fails", () => {
    const reading = WORKER_GRANTS.MailFeedbackConsumer.grants.map((g) =>
      g === "table:write" ? "table:read" : g,
    );
    expect(problems("MailFeedbackConsumer", reading)).toEqual([
      expect.stringMatching(/^writes the table \(.+\) but holds no table:write$/),
    ]);
  });

  it("names the grant a row lacks and the grant nothing uses", () => {
    const row = WORKER_GRANTS.UptimeChecks;
    const wrong = [...row.grants.filter((g) => g !== "events:send"), "jobs:send"];
    expect(problems("UptimeChecks", wrong)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/reads Queue\.Events\.queueUrl, which needs events:send/),
        "jobs:send is granted but no module in the bundle uses it",
      ]),
    );
  });
});
