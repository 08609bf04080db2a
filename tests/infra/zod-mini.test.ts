/**
 * Every API route's bundle carries zod/mini and never classic zod (docs/performance.md "`cold`",
 * "zod/mini"): classic zod attaches every method to every schema, so one module that imports
 * "zod" puts about 65 KB back into the bundle (classic 100 KB against mini's 33 KB of a route's
 * median) and its slower schema building back into the cold start.
 * Schemas import `z` from packages/core/src/contracts/zod.ts. One esbuild run for every route
 * and the fixture that proves the check can fail: about 15 s here, more on a loaded machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { routes } from "@portal/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BundleSize, bundleHandlers } from "../../stacks/bundling";

/** A handler that imports classic zod (tests/infra/fixtures/classic-zod-handler.ts). */
const CLASSIC_FIXTURE = "tests/infra/fixtures/classic-zod-handler.handler";

/** Classic zod's own modules; zod/mini and the core both share live elsewhere (zod/v4/mini, zod/v4/core). */
const CLASSIC_ZOD = /(^|\/)node_modules\/zod\/v4\/classic\//;

/** The classic zod modules a bundle holds (esbuild's metafile), as "handler: module" lines. */
function classicZodIn(name: string, size: BundleSize): string[] {
  return [...size.modules].filter((module) => CLASSIC_ZOD.test(module)).map((m) => `${name}: ${m}`);
}

let outDir: string;
let sizes: Map<string, BundleSize>;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), "portal-zod-mini-"));
  const built = await bundleHandlers(
    [...Object.values(routes).map((r) => r.handler), CLASSIC_FIXTURE],
    outDir,
  );
  sizes = new Map(built.map((size) => [size.handler, size]));
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const bundleOf = (handler: string) => {
  const size = sizes.get(handler);
  if (!size) throw new Error(`${handler}: no bundle`);
  return size;
};

describe("zod in the API handlers' bundles", () => {
  it("no route's bundle holds a module of classic zod", () => {
    const classic = Object.entries(routes).flatMap(([routeKey, { handler }]) =>
      classicZodIn(routeKey, bundleOf(handler)),
    );
    expect(classic).toEqual([]);
  });

  it("sees zod where it is: a route that validates its body carries zod/mini", () => {
    // Were the metafile's modules named otherwise, the check above would pass on anything.
    const { handler } = routes["POST /api/questionnaires"];
    expect([...bundleOf(handler).modules]).toContain("node_modules/zod/v4/mini/schemas.js");
  });

  it("names a handler that imports classic zod, and the modules it brings", () => {
    const classic = classicZodIn(CLASSIC_FIXTURE, bundleOf(CLASSIC_FIXTURE));
    expect(classic).toContain(`${CLASSIC_FIXTURE}: node_modules/zod/v4/classic/schemas.js`);
  });
});
