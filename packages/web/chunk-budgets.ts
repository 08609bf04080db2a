/**
 * What a phone may download for the app and for each route (docs/performance.md, "`signed-in`"):
 * the app's entry, which every portal page loads first, and each route's chunks beyond it, both
 * gzip -9 as a browser receives them. tests/infra/spa-chunks.test.ts holds the build to these.
 */
import {
  appEntryFiles,
  gzipBytes,
  type Manifest,
  readManifest,
  routeChunkFiles,
} from "./vite-manifest";

const KB = 1024;

/** A route's chunks beyond the entry. */
export const ROUTE_CHUNK_BUDGET_BYTES = 80 * KB;

/** The app's entry: 177.6 KB when this was set, and a little room. */
export const APP_ENTRY_BUDGET_BYTES = 180 * KB;

/**
 * Routes allowed over ROUTE_CHUNK_BUDGET_BYTES, each at its size when it was let through plus
 * a little room. None now: every route is within the common budget (docs/performance.md,
 * "`signed-in`"). A route that must go over is listed here with why, and the test fails on an
 * entry no longer needed.
 */
export const ROUTE_CHUNK_EXCEPTIONS: Readonly<Record<string, number>> = {};

interface SizedFile {
  file: string;
  gzip: number;
}

export interface ChunkSizes {
  entry: { files: SizedFile[]; gzip: number };
  routes: { route: string; files: SizedFile[]; gzip: number }[];
}

const sum = (files: SizedFile[]) => files.reduce((total, f) => total + f.gzip, 0);

/** The entry's and every route's gzip size in the build in `dist`. */
export function measureChunks(dist: string, manifest: Manifest = readManifest(dist)): ChunkSizes {
  const size = (file: string): SizedFile => ({ file, gzip: gzipBytes(dist, file) });
  const app = appEntryFiles(manifest);
  const entryFiles = [...app].map(size);
  return {
    entry: { files: entryFiles, gzip: sum(entryFiles) },
    routes: routeChunkFiles(manifest, app).map((r) => {
      const files = r.files.map(size);
      return { route: r.route, files, gzip: sum(files) };
    }),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** The three heaviest files, so a failure says where to look. */
function heaviest(files: SizedFile[]): string {
  return [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((f) => `${f.file} ${kb(f.gzip)}`)
    .join(", ");
}

/** One line for each chunk over its budget, naming it, its size and its heaviest files. */
export function overBudget(
  sizes: ChunkSizes,
  budgets = {
    entry: APP_ENTRY_BUDGET_BYTES,
    route: ROUTE_CHUNK_BUDGET_BYTES,
    exceptions: ROUTE_CHUNK_EXCEPTIONS,
  },
): string[] {
  const lines: string[] = [];
  if (sizes.entry.gzip > budgets.entry) {
    lines.push(
      `the app's entry: ${kb(sizes.entry.gzip)} gzip, over its ${kb(budgets.entry)} (heaviest: ${heaviest(sizes.entry.files)})`,
    );
  }
  for (const route of sizes.routes) {
    const budget = budgets.exceptions[route.route] ?? budgets.route;
    if (route.gzip <= budget) continue;
    lines.push(
      `${route.route}: ${kb(route.gzip)} gzip beyond the entry, over its ${kb(budget)} (heaviest: ${heaviest(route.files)})`,
    );
  }
  return lines;
}
