/**
 * Paths the stacks compute must hold where SST evaluates them. `sst deploy` does not import
 * stacks/*.ts from their folder: it bundles sst.config.ts with everything it imports into one
 * `.sst.config.<time>.mjs` in the directory it runs from (sst/stacks/build.js `load`), so
 * `import.meta.dirname` there is that directory, not stacks/. This builds the stacks' path
 * constants the same way and checks that each names a file that exists.
 */
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { sstEsbuild } from "../../stacks/bundling";

const root = path.resolve(import.meta.dirname, "../..");
const built: string[] = [];

afterAll(async () => {
  for (const file of built) await rm(file, { force: true });
});

/** Bundles `contents` as SST bundles sst.config.ts into `cwd`, then imports it. */
async function loadAsSstDoes(cwd: string, contents: string) {
  const outfile = path.join(cwd, `.deploy-paths.${process.pid}.${built.length}.mjs`);
  built.push(outfile);
  await sstEsbuild().build({
    stdin: { contents, loader: "ts", resolveDir: root },
    bundle: true,
    platform: "node",
    target: "esnext",
    format: "esm",
    keepNames: true,
    logLevel: "silent",
    external: ["aws-cdk-lib", "sst", "esbuild"],
    absWorkingDir: root,
    outfile,
    banner: {
      js: "import { createRequire as topLevelCreateRequire } from 'module';const require = topLevelCreateRequire(import.meta.url);",
    },
  });
  return import(pathToFileURL(outfile).href);
}

const PATHS = `
export { ELECTRODB_COMMANDS_MODULE } from "./stacks/bundling";
export { BROWSER_RUNTIME_DIR } from "./stacks/browser-runtime";
`;

describe("the stacks' paths, evaluated as `sst deploy` evaluates them", () => {
  for (const [where, cwd] of [
    ["the repository root", root],
    ["a workspace (sst bind from packages/web)", path.join(root, "packages/web")],
  ] as const) {
    it(`name files that exist, run from ${where}`, async () => {
      const paths = await loadAsSstDoes(cwd, PATHS);
      expect(existsSync(paths.ELECTRODB_COMMANDS_MODULE), paths.ELECTRODB_COMMANDS_MODULE).toBe(
        true,
      );
      expect(
        existsSync(path.join(paths.BROWSER_RUNTIME_DIR, "package-lock.json")),
        paths.BROWSER_RUNTIME_DIR,
      ).toBe(true);
    });
  }
});
