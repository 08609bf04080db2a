/**
 * What a phone downloads for the SPA (packages/web/chunk-budgets.ts, docs/performance.md
 * "`signed-in`"): the app's entry and every route's chunks beyond it stay within their budgets.
 * Reads the build in packages/web/dist, which `npm test` makes before the suites run (the e2e
 * suite serves the same build); no build of its own.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  APP_ENTRY_BUDGET_BYTES,
  measureChunks,
  overBudget,
  ROUTE_CHUNK_BUDGET_BYTES,
  ROUTE_CHUNK_EXCEPTIONS,
} from "../../packages/web/chunk-budgets";

const WEB_DIST = fileURLToPath(new URL("../../packages/web/dist", import.meta.url));

function builtSizes() {
  if (!existsSync(path.join(WEB_DIST, ".vite/manifest.json"))) {
    throw new Error(
      "packages/web/dist has no build: run `npm run build --workspace @portal/web` (`npm test` does) first",
    );
  }
  return measureChunks(WEB_DIST);
}

describe("the SPA's chunks", () => {
  it("the entry and every route's chunks beyond it are within their budgets", () => {
    const sizes = builtSizes();
    // The portal's pages are there to be measured (a walk that found none would pass anything).
    const routes = sizes.routes.map((r) => r.route);
    for (const page of ["dashboard", "manage", "support"]) {
      expect(routes).toContain(`src/routes/_portal/${page}.tsx`);
    }
    expect(overBudget(sizes)).toEqual([]);
  });

  it("keeps no exception for a route that is gone or back under the common budget", () => {
    const sizes = builtSizes();
    const stale = Object.keys(ROUTE_CHUNK_EXCEPTIONS).filter((route) => {
      const found = sizes.routes.find((r) => r.route === route);
      return !found || found.gzip <= ROUTE_CHUNK_BUDGET_BYTES;
    });
    expect(stale).toEqual([]);
  });
});

describe("the check itself", () => {
  let dist: string;
  afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  /** A build of one entry and one route, each `bytes` of incompressible content. */
  async function fakeBuild(entryBytes: number, routeBytes: number) {
    dist = await mkdtemp(path.join(os.tmpdir(), "portal-chunk-budget-"));
    await mkdir(path.join(dist, ".vite"), { recursive: true });
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "assets/index.js"), randomBytes(entryBytes));
    await writeFile(path.join(dist, "assets/fat.js"), randomBytes(routeBytes));
    await writeFile(path.join(dist, "assets/shared.js"), randomBytes(1024));
    const manifest = {
      "index.html": { file: "assets/index.js", isEntry: true, imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared.js" },
      "src/routes/_portal/fat.tsx?tsr-split=component": {
        file: "assets/fat.js",
        src: "src/routes/_portal/fat.tsx?tsr-split=component",
        isDynamicEntry: true,
        imports: ["_shared.js"],
      },
    };
    await writeFile(path.join(dist, ".vite/manifest.json"), JSON.stringify(manifest));
    return measureChunks(dist);
  }

  it("names a route over its budget, its size and its heaviest file", async () => {
    const sizes = await fakeBuild(10 * 1024, ROUTE_CHUNK_BUDGET_BYTES + 4096);
    // What the entry already brings is not counted again for the route.
    expect(sizes.routes[0]?.files.map((f) => f.file)).toEqual(["assets/fat.js"]);
    const lines = overBudget(sizes);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^src\/routes\/_portal\/fat\.tsx: 8\d\.\d KB gzip beyond the entry, over its 80\.0 KB \(heaviest: assets\/fat\.js 8\d\.\d KB\)$/,
    );
  });

  it("names an entry over its budget", async () => {
    const sizes = await fakeBuild(APP_ENTRY_BUDGET_BYTES + 4096, 1024);
    const lines = overBudget(sizes);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^the app's entry: .* over its 180\.0 KB \(heaviest: assets\/index\.js/,
    );
  });

  it("lets an exception through up to its own budget, and no further", async () => {
    const sizes = await fakeBuild(10 * 1024, ROUTE_CHUNK_BUDGET_BYTES + 4096);
    const budgets = (limit: number) => ({
      entry: APP_ENTRY_BUDGET_BYTES,
      route: ROUTE_CHUNK_BUDGET_BYTES,
      exceptions: { "src/routes/_portal/fat.tsx": limit },
    });
    expect(overBudget(sizes, budgets(ROUTE_CHUNK_BUDGET_BYTES + 8192))).toEqual([]);
    expect(overBudget(sizes, budgets(ROUTE_CHUNK_BUDGET_BYTES + 1024))).toHaveLength(1);
  });
});
