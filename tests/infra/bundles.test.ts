/**
 * The 1 MB budget of an API handler's bundle (docs/performance.md), built as SST v2 deploys it
 * (stacks/bundling.ts: SST's own esbuild and options). One esbuild run for every route: about
 * 15 s here, more on a loaded machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { routes } from "@portal/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_BUDGET_BYTES, type BundleSize, bundleHandlers } from "../../stacks/bundling";

let outDir: string;
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
  it("each stays within 1 MB, as SST v2 bundles it", () => {
    const bundled = Object.entries(routes).map(([routeKey, { handler }]) => {
      const size = sizes.get(handler);
      if (!size) throw new Error(`${routeKey}: no bundle`);
      return { routeKey, bytes: size.bytes, heaviest: size.inputs.slice(0, 3) };
    });
    // Over the budget: the route, its size and what weighs most in it (docs/performance.md).
    expect(bundled.filter(({ bytes }) => bytes > BUNDLE_BUDGET_BYTES)).toEqual([]);
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
