import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PUPPETEER_REVISIONS } from "puppeteer-core/internal/revisions.js";
import { afterAll, describe, expect, it } from "vitest";
import {
  localChromium,
  SYSTEM_CHROMIUM_PATH,
  sparticuzVersion,
  unpackSparticuzInto,
} from "./chromium-binary";

const major = (version: string) => version.split(".")[0];

/** What the binary says it is, run with the environment localChromium gives it. */
function versionOf(executablePath: string, env: Record<string, string>): string {
  return execFileSync(executablePath, ["--version"], { env, encoding: "utf8" }).trim();
}

describe("localChromium", () => {
  it("runs CHROMIUM_PATH when it is set, whatever else there is", async () => {
    const local = await localChromium({ CHROMIUM_PATH: "/opt/chrome/chrome" });
    expect(local).toMatchObject({
      executablePath: "/opt/chrome/chrome",
      source: "CHROMIUM_PATH",
      headlessShell: false,
    });
    expect(local.env.PATH).toBe(process.env.PATH);
  });

  it("prefers Lambda's Chromium to a system one, and it starts with only its own libraries", async () => {
    // A system Chromium that exists: it is still not the one chosen.
    const local = await localChromium({}, { systemChromium: process.execPath });
    expect(local.source).toBe("@sparticuz/chromium");
    expect(local.executablePath).not.toBe(process.execPath);
    expect(local.executablePath).not.toBe(SYSTEM_CHROMIUM_PATH);
    expect(local.headlessShell).toBe(true);
    expect(versionOf(local.executablePath, local.env)).toMatch(
      new RegExp(`^Chromium ${major(sparticuzVersion())}\\.`),
    );
  }, 120_000);

  it("drives the Chromium major that puppeteer-core was released for, Lighthouse's copy too", () => {
    expect(major(PUPPETEER_REVISIONS["chrome-headless-shell"])).toBe(major(sparticuzVersion()));
    const require = createRequire(import.meta.url);
    const lighthouse = createRequire(require.resolve("lighthouse"));
    expect(lighthouse.resolve("puppeteer-core")).toBe(require.resolve("puppeteer-core"));
  });

  it("falls back to the system Chromium where @sparticuz/chromium has no build", async () => {
    const local = await localChromium({}, { arch: "arm64", systemChromium: process.execPath });
    expect(local).toMatchObject({ executablePath: process.execPath, source: "system" });
  });

  it("says what to set when there is no Chromium at all", async () => {
    const missing = path.join(os.tmpdir(), "no-such-chromium");
    await expect(localChromium({}, { arch: "arm64", systemChromium: missing })).rejects.toThrow(
      `No Chromium for linux/arm64: @sparticuz/chromium ships a linux/x64 build only, and ${missing} does not exist. Set CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  });
});

describe("unpackSparticuzInto", () => {
  const cache = mkdtempSync(path.join(os.tmpdir(), "chromium-unpack-test-"));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));

  it("leaves one complete copy when two processes unpack at once", async () => {
    const target = path.join(cache, "sparticuz-chromium");
    const [a, b] = await Promise.all([unpackSparticuzInto(target), unpackSparticuzInto(target)]);
    expect(a).toBe(target);
    expect(b).toBe(target);
    expect(readdirSync(cache)).toEqual(["sparticuz-chromium"]);
    for (const file of ["chromium", "libGLESv2.so", "lib/libnss3.so", "fontconfig/fonts.conf"]) {
      expect(existsSync(path.join(target, file)), file).toBe(true);
    }
    const env = { LD_LIBRARY_PATH: path.join(target, "lib") };
    expect(versionOf(path.join(target, "chromium"), env)).toMatch(/^Chromium \d+\./);
  }, 180_000);
});
