import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chakraGlobalCss, withoutGlobalCss } from "../../chakra-global-css";
import { system } from "./system";

/** The installed Chakra's module that builds the system (the one the build transforms). */
async function chakraSystemModule(): Promise<{ id: string; code: string }> {
  const esmIndex = createRequire(import.meta.url)
    .resolve("@chakra-ui/react")
    .replace(/cjs[\\/]index\.cjs$/, "esm/index.js");
  const id = path.join(path.dirname(esmIndex), "styled-system", "system.js");
  return { id, code: await readFile(id, "utf8") };
}

describe("Chakra's global CSS, written at build time", () => {
  it("the shipped Chakra builds no global CSS of its own", async () => {
    const { id, code } = await chakraSystemModule();
    const shipped = withoutGlobalCss(code, id);
    expect(shipped).toContain("const _global = [];");
    expect(shipped).not.toMatch(/getTokenCss\(\)\]/);
  });

  it("fails the build, naming the file, when Chakra computes it another way", () => {
    expect(() => withoutGlobalCss("const _global = computeAll();", "/x/system.js")).toThrow(
      /\/x\/system\.js: no `const _global = \[getPreflightCss/,
    );
  });

  it("is the layer order, the reset, the global styles and every token's custom property", async () => {
    const css = await chakraGlobalCss();
    expect(css.startsWith(`${system.layers.atRule.replaceAll(", ", ",")}`)).toBe(true);
    expect(css).toContain("@layer reset{");
    expect(css).toMatch(/html,body\{[^}]*background:var\(--chakra-colors-bg\)/);
    expect(css).toContain("--chakra-colors-brand-500:#6366f1");
    // Every token's custom property with a value, in each condition (base, light, dark); Emotion
    // drops a blank one (`blurs.none` is " ") at run time too.
    const missing = [...system.tokens.cssVarMap.values()]
      .flatMap((vars) =>
        [...vars].filter(([, value]) => String(value).trim() !== "").map(([name]) => name),
      )
      .filter((name) => !css.includes(`${name}:`));
    expect(missing).toEqual([]);
  });
});
