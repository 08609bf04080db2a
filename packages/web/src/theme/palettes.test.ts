import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { system } from "./system";

const src = path.resolve(import.meta.dirname, "..");

/** Every `colorPalette="x"` / `colorPalette: "x"` the SPA's source names, with where. */
async function palettesNamed(): Promise<Map<string, string[]>> {
  const named = new Map<string, string[]>();
  for (const entry of await readdir(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes(".test.")) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [, palette = ""] of (await readFile(file, "utf8")).matchAll(
      /colorPalette(?:=|:\s*)\{?"(\w+)"/g,
    )) {
      named.set(palette, [...(named.get(palette) ?? []), path.relative(src, file)]);
    }
  }
  return named;
}

it("every colour palette a component names is in the theme (src/theme/system.ts)", async () => {
  const named = await palettesNamed();
  expect(named.size).toBeGreaterThan(3);
  // A palette missing from the theme leaves the component without its colours, silently.
  const missing = [...named].filter(([palette]) => !system.token(`colors.${palette}.solid`));
  expect(missing).toEqual([]);
});
