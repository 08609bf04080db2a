/**
 * Walks of Vite's build manifest (dist/.vite/manifest.json): which files a chunk brings with
 * it, and what the app's entry and each route cost a browser. Read by the pre-render step
 * (prerender-plugin.ts), the bench's web and signed-in sections and the chunk budgets
 * (chunk-budgets.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** A chunk of Vite's manifest (dist/.vite/manifest.json), as far as these walks read it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The source file the chunk was built from (a route file for a route's own chunk). */
  src?: string;
  /** Loaded with import(): how the router loads a route's chunk. */
  isDynamicEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest of the build in `dist`. */
export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
}

/**
 * A chunk's file and the files of everything it imports statically (paths relative to dist,
 * the chunk's own first), skipping the files in `known`.
 */
export function staticClosure(
  manifest: Manifest,
  key: string,
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file) || known.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  return files;
}

/**
 * The app as a portal page's first visit loads it (index.html's entry and its static imports),
 * which the pre-rendered pages load only for a visitor who may be signed in.
 */
export function appEntryFiles(manifest: Manifest): Set<string> {
  return staticClosure(manifest, "index.html");
}

/** Each route's own chunk plus the static imports it brings that the app's entry did not. */
export function routeChunkFiles(
  manifest: Manifest,
  app: ReadonlySet<string>,
): { route: string; files: string[] }[] {
  const rows: { route: string; files: string[] }[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src?.startsWith("src/routes/")) continue;
    rows.push({
      route: chunk.src.replace(/\?.*$/, ""),
      files: [...staticClosure(manifest, key, app)],
    });
  }
  return rows;
}

/** A built file's size as a browser downloads it compressed (gzip -9), in bytes. */
export function gzipBytes(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** A built file's size on disk, in bytes. */
export function rawBytes(dist: string, file: string): number {
  return readFileSync(path.join(dist, file)).length;
}
