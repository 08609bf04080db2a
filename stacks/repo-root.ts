/**
 * The repository's root, for the stacks' paths to files in it. Not `import.meta.dirname/..`:
 * `sst deploy` and `sst dev` bundle sst.config.ts with the stacks into one file in the folder
 * they run from (the root, or a workspace for `sst bind`), and that file's folder is what
 * `import.meta.dirname` then says. The root is the nearest folder at or above it that holds
 * sst.config.ts (tests/infra/deploy-paths.test.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";

export function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "sst.config.ts"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No sst.config.ts at or above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);
