/**
 * The browser function's node_modules (stacks/Jobs.ts): @sparticuz/chromium, Lighthouse and
 * puppeteer-core cannot be bundled (Chromium's brotli archive is read from its package folder,
 * Lighthouse loads audits and locales by path), so they sit beside the bundle. SST v2's
 * `nodejs.install` would `npm install` them from version ranges without a lock, outside the
 * workspace's `overrides`; instead they are esbuild externals and, after SST's build, `npm ci`
 * installs exactly packages/browser-runtime's lock into the bundle folder (docs/security.md,
 * "The audit browser"; the size is in docs/performance.md). Not `copyFiles`: SST copies those
 * after its own install (sst/runtime/handlers.js), so a lock copied there comes too late.
 */
import { execFile } from "node:child_process";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "./repo-root";

/** The folder whose package.json and package-lock.json the browser function installs. */
export const BROWSER_RUNTIME_DIR = path.join(REPO_ROOT, "packages/browser-runtime");

/** What the browser function loads from node_modules rather than from its bundle. */
export const BROWSER_RUNTIME_PACKAGES = ["@sparticuz/chromium", "lighthouse", "puppeteer-core"];

/**
 * `npm ci`: the lock or nothing (it fails when package.json and the lock disagree). Linux x64
 * like the function, without dev or optional packages, and without install scripts (none of
 * these packages has one; Chromium comes inside @sparticuz/chromium's tarball).
 */
export const BROWSER_RUNTIME_INSTALL = [
  "ci",
  "--omit=dev",
  "--omit=optional",
  "--ignore-scripts",
  "--os=linux",
  "--cpu=x64",
  "--no-audit",
  "--no-fund",
];

export type RunCommand = (
  command: string,
  args: string[],
  options: { cwd: string },
) => Promise<unknown>;

const execFileAsync = promisify(execFile);
const runNpm: RunCommand = (command, args, options) =>
  execFileAsync(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 });

/** SST's afterBuild hook for the browser function: installs the lock into the bundle folder. */
export async function installBrowserRuntime(out: string, run: RunCommand = runNpm): Promise<void> {
  for (const file of ["package.json", "package-lock.json"]) {
    await copyFile(path.join(BROWSER_RUNTIME_DIR, file), path.join(out, file));
  }
  await run("npm", BROWSER_RUNTIME_INSTALL, { cwd: out });
}
