/**
 * The SPA reaches the API through `call()` only (docs/pages.md, "Calling the API"): no page
 * writes an API path or casts an answer. This reads the web package's source and fails when
 * either comes back.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.gen\.ts$/.test(entry.name)) {
        // Comments may quote a path to explain it; code may not write one.
        const code = readFileSync(path, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/^\s*\/\/.*$/gm, "");
        files.set(relative(SRC, path), code);
      }
    }
  };
  walk(SRC);
  return files;
}

const files = sources();
const withMatch = (pattern: RegExp) =>
  [...files].filter(([, text]) => pattern.test(text)).map(([path]) => path);

describe("the SPA's seam to the API", () => {
  it("reads the sources", () => {
    expect(files.has("api/call.ts")).toBe(true);
  });

  it("writes no API path outside the client", () => {
    // The current user is read before any page module loads, without the contract map
    // (client.ts, fetchCurrentUser), so its path is the one written out.
    expect(withMatch(/["'`]\/api\//)).toEqual(["api/client.ts"]);
  });

  it("casts no answer: the untyped JSON helper is gone for good", () => {
    expect(withMatch(/\bapiJson\b/)).toEqual([]);
  });
});
