/**
 * The budgets of API handlers' bundles (1 MB, 150 KB for the tracking script) and the grants
 * each route's bundle proves (stacks/grants.ts) (docs/performance.md), built as SST v2 deploys it
 * (stacks/bundling.ts: SST's own esbuild and options). One esbuild run for every route: about
 * 15 s here, more on a loaded machine.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type RouteRecord, routeGrants, routes } from "@portal/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BundleSize,
  bundleHandlers,
  MEDIAN_BUNDLE_BUDGET_BYTES,
  routeBundleBudget,
} from "../../stacks/bundling";
import { ADAPTER_GRANTS, grantMismatches, tableWriteProblems } from "../../stacks/grants";

let outDir: string;

/** The routes over their budget, with the budget beside what weighs most. */
function overBudget<T extends { routeKey: string; bytes: number }>(rows: T[]) {
  return rows
    .map((row) => ({ ...row, budget: routeBundleBudget(row.routeKey) }))
    .filter(({ bytes, budget }) => bytes > budget);
}
let sizes: Map<string, BundleSize>;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "portal-bundle-budget-"));
  const built = await bundleHandlers(
    Object.values(routes).map((r) => r.handler),
    outDir,
  );
  sizes = new Map(built.map((size) => [size.handler, size]));
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe("API handler bundles", () => {
  const bundled = () =>
    Object.entries(routes).map(([routeKey, { handler }]) => {
      const size = sizes.get(handler);
      if (!size) throw new Error(`${routeKey}: no bundle`);
      return { routeKey, bytes: size.bytes, heaviest: size.inputs.slice(0, 3) };
    });

  it("each stays within its budget (1 MB, less for a few), as SST v2 bundles it", () => {
    // Over the budget: the route, its size, its budget and what weighs most in it
    // (docs/performance.md).
    expect(overBudget(bundled())).toEqual([]);
  });

  it("names the route over its budget and what weighs most in it", () => {
    const heavy = {
      routeKey: "GET /api/collect.js",
      bytes: 600 * 1024,
      heaviest: [["electrodb", 1]],
    };
    expect(overBudget([heavy])).toEqual([{ ...heavy, budget: 150 * 1024 }]);
  });

  it("keeps the median bundle from growing", () => {
    const all = bundled()
      .map(({ bytes }) => bytes)
      .sort((a, b) => a - b);
    expect(all[Math.floor(all.length / 2)]).toBeLessThanOrEqual(MEDIAN_BUNDLE_BUDGET_BYTES);
  });

  it("no bundle carries zod's other locales or a second SDK's STS, SSO or SSM clients", () => {
    for (const size of sizes.values()) {
      const inputs = size.inputs.map(([input]) => input);
      // English, zod's default, is the one locale it needs: a few KB, not every locale's 260.
      const locales = size.inputs.find(([input]) => input === "zod (locales)")?.[1] ?? 0;
      expect(locales, size.handler).toBeLessThan(10 * 1024);
      expect(
        inputs.filter((input) => /@aws-sdk\/client-(sts|sso|sso-oidc|ssm)$/.test(input)),
        size.handler,
      ).toEqual([]);
    }
  });
});

/**
 * Adapters that sit in a route's bundle through a domain module that also serves other routes,
 * and that this route's code never reaches: each names the chain that drags it in. The runtime
 * still fails loudly should one ever be reached (adapters/bindings.ts). An entry that no longer
 * matches fails the test, so the list only shrinks (docs/security.md "Grants the build proves").
 */
const KNOWN_UNREACHED_ADAPTERS: Record<string, string[]> = {};

describe("route grants against what each bundle holds (esbuild's metafile)", () => {
  /**
   * A handler that serves several routes (GET and POST of the unsubscribe link) is one bundle:
   * its adapters are checked against what its routes hold together, each route's grants
   * against the bundle.
   */
  const mismatches = (routeKey: string, record: RouteRecord) => {
    const size = sizes.get(record.handler);
    if (!size) throw new Error(`${routeKey}: no bundle`);
    const own = routeGrants(routeKey, record);
    const shared = [
      ...own,
      ...Object.entries(routes as Record<string, RouteRecord>)
        .filter(([key, other]) => key !== routeKey && other.handler === record.handler)
        .flatMap(([key, other]) => routeGrants(key, other)),
    ];
    const lacking = grantMismatches(shared, size.modules).filter((p) => !p.endsWith("uses it"));
    const unused = grantMismatches(own, size.modules).filter((p) => p.endsWith("uses it"));
    return [...lacking, ...unused];
  };

  it("every adapter in a route's bundle has its grant, and every grant an adapter", () => {
    const wrong = Object.entries(routes).flatMap(([routeKey, record]) => {
      const known = KNOWN_UNREACHED_ADAPTERS[routeKey] ?? [];
      return mismatches(routeKey, record)
        .filter((problem) => !known.some((module) => problem.startsWith(`${module} reads`)))
        .map((problem) => `${routeKey}: ${problem}`);
    });
    expect(wrong).toEqual([]);
  });

  it("lists no known unreached adapter that is no longer in its route's bundle", () => {
    const stale = Object.entries(KNOWN_UNREACHED_ADAPTERS).flatMap(([routeKey, modules]) => {
      const record = (routes as Record<string, RouteRecord>)[routeKey];
      const held = record ? sizes.get(record.handler)?.modules : undefined;
      return modules.filter((module) => !held?.has(module)).map((m) => `${routeKey}: ${m}`);
    });
    expect(stale).toEqual([]);
  });

  it("names the adapter whose grant a record lacks, and the grant nothing uses", () => {
    // A record that forgot events:send on a route that emits, and holds a queue it never uses.
    const routeKey = "POST /api/webhooks/clerk";
    const wrong = {
      ...routes[routeKey],
      grants: ["identity:webhook-secret", "jobs:send"] as const,
    };
    expect(mismatches(routeKey, wrong)).toEqual([
      `${ADAPTER_GRANTS.table?.module} reads Table.Main.tableName, which needs table:read or table:write or table:page-views or table:count-views or table:key-use or table:idempotency`,
      `${ADAPTER_GRANTS.tombstones?.module} reads Bucket.Screenshots.bucketName, which needs tombstones:write`,
      "jobs:send is granted but no module in the bundle uses it",
    ]);
  });

  it("a route that writes the table holds table:write (reads are told from writes)", () => {
    const wrong = Object.entries(routes).flatMap(([routeKey, record]) => {
      const size = sizes.get(record.handler);
      if (!size) throw new Error(`${routeKey}: no bundle`);
      // A handler shared by several routes is checked against what they hold together.
      const grants = Object.values(routes as Record<string, RouteRecord>)
        .filter((other) => other.handler === record.handler)
        .flatMap((other) => routeGrants(routeKey, other));
      return tableWriteProblems(grants, size.tableWrites).map((p) => `${routeKey}: ${p}`);
    });
    expect(wrong).toEqual([]);
    // A writing route recorded as a reader fails.
    const routeKey = "POST /api/tickets";
    const size = sizes.get(routes[routeKey].handler);
    expect(size?.tableWrites.length).toBeGreaterThan(0);
    const reading = routeGrants(routeKey, routes[routeKey]).map((g) =>
      g === "table:write" ? "table:read" : g,
    );
    expect(tableWriteProblems(reading, size?.tableWrites ?? [])).toEqual([
      expect.stringMatching(/^writes the table .* but holds no table:write$/),
    ]);
  });

  it("knows every module the map names: a moved adapter cannot silently drop out", () => {
    const missing = Object.values(ADAPTER_GRANTS)
      .map((adapter) => adapter.module)
      .filter((module) => !existsSync(path.resolve(module)));
    expect(missing).toEqual([]);
  });
});
