/**
 * Walks of Vite's build manifest (dist/.vite/manifest.json): which files a chunk brings with
 * it. Read by the pre-render step (prerender-plugin.ts) and the bench's web section.
 */

/** A chunk of Vite's manifest (dist/.vite/manifest.json), as far as these walks read it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * A chunk's file and the files of everything it imports statically (paths relative to dist,
 * the chunk's own first), skipping the files in `known`.
 */
export function staticClosure(
  manifest: Record<string, ManifestChunk>,
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
