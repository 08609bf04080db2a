/**
 * The browser function installs exactly packages/browser-runtime's lock (stacks/browser-runtime.ts):
 * pinned versions, the lock agreeing with them, `overrides` in force (one puppeteer-core), and
 * the same versions the workspace's tests run, so what is tested is what is deployed.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BROWSER_RUNTIME_DIR,
  BROWSER_RUNTIME_INSTALL,
  BROWSER_RUNTIME_PACKAGES,
  installBrowserRuntime,
} from "../../stacks/browser-runtime";

interface Lock {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, "utf8"));
const runtimeManifest = () =>
  readJson<{ dependencies: Record<string, string> }>(
    path.join(BROWSER_RUNTIME_DIR, "package.json"),
  );
const runtimeLock = () => readJson<Lock>(path.join(BROWSER_RUNTIME_DIR, "package-lock.json"));
const workspaceLock = () =>
  readJson<Lock>(path.join(BROWSER_RUNTIME_DIR, "..", "..", "package-lock.json"));

/** Where the manifest, its lock and the workspace disagree, in words; empty when they agree. */
function lockMismatches(
  manifest: { dependencies: Record<string, string> },
  lock: Lock,
  workspace: Lock,
): string[] {
  const problems: string[] = [];
  for (const name of BROWSER_RUNTIME_PACKAGES) {
    const pinned = manifest.dependencies[name];
    const locked = lock.packages[`node_modules/${name}`]?.version;
    const tested = workspace.packages[`node_modules/${name}`]?.version;
    if (!pinned || !/^\d+\.\d+\.\d+$/.test(pinned))
      problems.push(`${name} is not pinned: ${pinned}`);
    if (lock.packages[""]?.dependencies?.[name] !== pinned) {
      problems.push(`${name}: the lock was made for another package.json`);
    }
    if (locked !== pinned) problems.push(`${name}: pinned ${pinned}, locked ${locked}`);
    if (tested !== pinned) problems.push(`${name}: deployed ${pinned}, tested ${tested}`);
  }
  // overrides in force: Lighthouse drives the one puppeteer-core, not a copy of its own.
  for (const key of Object.keys(lock.packages)) {
    if (key.endsWith("/node_modules/puppeteer-core"))
      problems.push(`a second puppeteer-core at ${key}`);
  }
  return problems;
}

describe("the browser function's node_modules", () => {
  it("are pinned, locked and the versions the workspace tests", async () => {
    expect(
      lockMismatches(await runtimeManifest(), await runtimeLock(), await workspaceLock()),
    ).toEqual([]);
  });

  it("the check finds a lock that drifted and a second puppeteer-core", async () => {
    const lock = await runtimeLock();
    const drifted = structuredClone(lock);
    const lighthouse = drifted.packages["node_modules/lighthouse"];
    if (!lighthouse) throw new Error("no lighthouse in the lock");
    lighthouse.version = "13.4.0";
    drifted.packages["node_modules/lighthouse/node_modules/puppeteer-core"] = { version: "24.0.0" };
    expect(lockMismatches(await runtimeManifest(), drifted, await workspaceLock())).toEqual([
      "lighthouse: pinned 13.5.0, locked 13.4.0",
      "a second puppeteer-core at node_modules/lighthouse/node_modules/puppeteer-core",
    ]);
  });

  it("are installed with npm ci from the lock, for Linux x64, in the bundle folder", async () => {
    const out = await mkdtemp(path.join(os.tmpdir(), "portal-browser-runtime-"));
    try {
      const calls: { command: string; args: string[]; cwd: string }[] = [];
      await installBrowserRuntime(out, async (command, args, { cwd }) => {
        calls.push({ command, args, cwd });
      });
      expect(calls).toEqual([{ command: "npm", args: BROWSER_RUNTIME_INSTALL, cwd: out }]);
      expect(BROWSER_RUNTIME_INSTALL[0]).toBe("ci");
      expect(BROWSER_RUNTIME_INSTALL).toEqual(
        expect.arrayContaining(["--os=linux", "--cpu=x64", "--omit=dev", "--ignore-scripts"]),
      );
      // The lock SST's own package.json would otherwise install without.
      expect(await readFile(path.join(out, "package-lock.json"), "utf8")).toBe(
        await readFile(path.join(BROWSER_RUNTIME_DIR, "package-lock.json"), "utf8"),
      );
      expect(await readJson(path.join(out, "package.json"))).toEqual(await runtimeManifest());
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
