/**
 * What `npm ci` may run and install (docs/security.md, "Supply chain"): every package in the
 * lock file that has an install script is reviewed in package.json's allowScripts, unreviewed
 * scripts are an error, and the transitive versions lifted by `overrides` stay lifted.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockPackage {
  version?: string;
  hasInstallScript?: boolean;
}
const root = new URL("../../", import.meta.url);
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, LockPackage>;
};
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  allowScripts: Record<string, boolean>;
};

/** "node_modules/a/node_modules/@s/b" → "@s/b" */
const nameOf = (path: string) => path.slice(path.lastIndexOf("node_modules/") + 13);
const installed = (name: string) =>
  Object.entries(lock.packages)
    .filter(([path]) => path !== "" && nameOf(path) === name)
    .map(([path, entry]) => ({ path, version: entry.version ?? "" }));
const atLeast = (version: string, floor: string) => {
  const a = version.split(".").map(Number);
  const b = floor.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

describe("Install scripts", () => {
  it("every locked package with an install script is allowed or denied by name", () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => nameOf(path));
    expect(withScripts.length).toBeGreaterThan(0);
    const unreviewed = withScripts.filter((name) => !(name in manifest.allowScripts));
    expect(unreviewed).toEqual([]);
  });

  it("only Node itself and esbuild run theirs; prebuilt or noisy ones are denied", () => {
    const allowed = Object.entries(manifest.allowScripts).filter(([, ok]) => ok);
    expect(allowed.map(([name]) => name).sort()).toEqual(["esbuild", "node"]);
    for (const denied of ["aws-crt", "aws-sdk", "classic-level"]) {
      expect(manifest.allowScripts[denied]).toBe(false);
    }
  });

  it("an unreviewed install script fails the install instead of warning", () => {
    const npmrc = readFileSync(new URL(".npmrc", root), "utf8");
    expect(npmrc).toMatch(/^strict-allow-scripts\s*=\s*true$/m);
  });
});

describe("Transitive versions lifted by overrides", () => {
  it("fast-xml-parser 4 is at least 4.5.5 wherever it is locked (sst's AWS SDK)", () => {
    const v4 = installed("fast-xml-parser").filter(({ version }) => version.startsWith("4."));
    expect(v4.length).toBeGreaterThan(0);
    for (const { path, version } of v4) expect(atLeast(version, "4.5.5"), path).toBe(true);
  });

  it("minimatch 10 is at least 10.2.3 and undici at least 6.29 in sst's tree", () => {
    for (const { path, version } of installed("minimatch").filter((m) => m.version.startsWith("10."))) {
      expect(atLeast(version, "10.2.3"), path).toBe(true);
    }
    for (const { path, version } of installed("undici")) {
      expect(atLeast(version, "6.29.0"), path).toBe(true);
    }
  });
});
