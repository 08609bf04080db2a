import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { system } from "./system";

const src = path.resolve(import.meta.dirname, "..");

/**
 * Where the SPA's source names a palette: `colorPalette="x"` or `colorPalette: "x"`, the string
 * literals of a `colorPalette={...}` expression, a `palette: "x"` field, the values of a
 * `..._PALETTE(S)` or `..._COLORS` map, what a `...Palette()` function returns, and the members
 * of a `Palette` type. A palette built any other way is not seen.
 */
const PALETTE_SITES: [RegExp, RegExp][] = [
  [/colorPalette(?:=|:\s*)\{?"\w+"/g, /"(\w+)"/g],
  // Not the literals it compares against (`item.state === "done" ? "green" : "brand"`).
  [/colorPalette=\{[^}]*\}/g, /(?<![=!]==\s*)"(\w+)"/g],
  [/\bpalette:\s*"\w+"/g, /"(\w+)"/g],
  [/const [A-Z_]*(?:PALETTES?|COLORS)\b[^=]*=\s*\{[^}]*\}/g, /:\s*"(\w+)"/g],
  [/function \w*Palette\w*\([^)]*\)[^{]*\{[\s\S]*?\n\}/g, /return "(\w+)"/g],
  [/type Palette = [^;]+;/g, /"(\w+)"/g],
];

async function palettesNamed(): Promise<Map<string, string[]>> {
  const named = new Map<string, string[]>();
  for (const entry of await readdir(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes(".test.")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = await readFile(file, "utf8");
    for (const [site, literal] of PALETTE_SITES) {
      for (const [found] of code.matchAll(site)) {
        for (const [, palette = ""] of found.matchAll(literal)) {
          named.set(palette, [...(named.get(palette) ?? []), path.relative(src, file)]);
        }
      }
    }
  }
  return named;
}

it("every colour palette a component names is in the theme (src/theme/system.ts)", async () => {
  const named = await palettesNamed();
  expect([...named.keys()].sort()).toEqual(
    expect.arrayContaining(["brand", "gray", "green", "red"]),
  );
  // A palette missing from the theme leaves the component without its colours, silently.
  const missing = [...named].filter(([palette]) => !system.token(`colors.${palette}.solid`));
  expect(missing).toEqual([]);
});
