/**
 * The stack's floor: a minimal app of the portal's own front-end stack (React 19, Chakra UI v3,
 * TanStack Router and Query, Chakra's global CSS written at build time, one Chakra system)
 * rendering the same kind of dashboard as /dashboard with its data already present
 * (packages/web/bench/stack-floor/). `npm run bench -- signed-in` and `npm run profile` measure
 * it beside the portal's pages, in the same turns, so a page's gap to what its stack needs is
 * a comparison on the same machine at the same moment (docs/performance.md, "signed-in").
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createStaticSite } from "@portal/devstack/static-site";
import { build } from "vite";

const floorRoot = path.resolve(import.meta.dirname, "../../packages/web/bench/stack-floor");

/** What the floor renders: its heading, for `dataOnScreen`. */
export const FLOOR_HEADING = "Dashboard";

/**
 * Builds the floor with the repo's Vite into a temporary folder and serves it on 127.0.0.1 with
 * the local stack's static server (Brotli or gzip, hashed files immutable), as the SPA is served.
 */
export async function startStackFloor(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dist = await mkdtemp(path.join(os.tmpdir(), "portal-stack-floor-"));
  await build({
    root: floorRoot,
    configFile: path.join(floorRoot, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: dist, emptyOutDir: true },
  });
  const site = createStaticSite(dist);
  const server = createServer((req, res) => {
    void site(req, res, new URL(req.url ?? "/", "http://floor").pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(dist, { recursive: true, force: true });
    },
  };
}
