/**
 * Facts the product states in one place only (docs/architecture.md, "Each fact once"): this test
 * reads the source of every package and fails when a second copy of one comes back, since a copy
 * is how the mails once said "In development" while the portal said "Development".
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SEO_UPSELL_PRICE_CENTS } from "./contracts/billing";
import { plans } from "./contracts/plans";
import { REVIEW_OUTCOME_LABELS, REVIEW_READY_LABEL, SITE_STATUS_LABELS } from "./sites/enums";
import { TICKET_STATUS_LABELS } from "./tickets/enums";

const PACKAGES = join(import.meta.dirname, "..", "..");

/** The code of a file: comments may name a fact (they explain it), code may not restate it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Every hand-written source file (no tests, no generated route tree), path → its code. */
function sources(...packages: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.gen\.ts$/.test(entry.name)) {
        files.set(relative(PACKAGES, path), code(readFileSync(path, "utf8")));
      }
    }
  };
  for (const name of packages) walk(join(PACKAGES, name, "src"));
  return files;
}

const all = sources("core", "functions", "web", "devstack");
const web = sources("web");

/** The files whose text matches `pattern`. */
function filesWith(files: Map<string, string>, pattern: RegExp): string[] {
  return [...files].filter(([, text]) => pattern.test(text)).map(([path]) => path);
}

/** `text` as a string literal. */
const quoted = (text: string) =>
  new RegExp(`["'\`]${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["'\`]`);

describe("each fact is written once", () => {
  it("finds the sources it reads", () => {
    expect(all.size).toBeGreaterThan(100);
    expect(web.has("web/src/dashboard/site-display.ts")).toBe(true);
  });

  /** Each label's files: beside the enumerations that use it, nowhere else. */
  const homes = new Map<string, string[]>();
  for (const [records, home] of [
    [SITE_STATUS_LABELS, "core/src/sites/enums.ts"],
    [TICKET_STATUS_LABELS, "core/src/tickets/enums.ts"],
    [REVIEW_OUTCOME_LABELS, "core/src/sites/enums.ts"],
    [{ ready: REVIEW_READY_LABEL }, "core/src/sites/enums.ts"],
  ] as const) {
    for (const label of Object.values(records))
      homes.set(label, [...(homes.get(label) ?? []), home]);
  }
  // The mails' old wording, before they took the portal's.
  homes.set("In development", []);

  it.each([...homes])("the status label %j only in %j", (label, home) => {
    expect(filesWith(all, quoted(label)).sort()).toEqual(home);
  });

  it("the SEO package's price only as SEO_UPSELL_PRICE_CENTS in the web package", () => {
    const dollars = SEO_UPSELL_PRICE_CENTS / 100;
    expect(filesWith(web, new RegExp(`\\$${dollars}\\b`))).toEqual([]);
    expect(filesWith(web, new RegExp(`amount:\\s*${dollars}\\b`))).toEqual([]);
  });

  it("plan prices and names only on the plans", () => {
    for (const plan of plans) {
      expect(filesWith(web, new RegExp(`\\$${plan.price}\\b`)), plan.name).toEqual([]);
      expect(filesWith(all, quoted(plan.name)), plan.name).toEqual(["core/src/contracts/plans.ts"]);
    }
    // The website allowance in words, or a table of allowances by plan id.
    expect(filesWith(all, /["'`](1 website|\d+ websites|Unlimited websites)["'`]/)).toEqual([
      "core/src/contracts/plans.ts",
    ]);
    expect(filesWith(all, /\bpro:\s*(3|99)\b/)).toEqual([]);
  });

  it("one hasValidPlan, one money formatter, one long-date formatter", () => {
    expect(filesWith(all, /function hasValidPlan\b/)).toEqual(["core/src/access/entitlements.ts"]);
    expect(filesWith(all, /style:\s*["']currency["']/)).toEqual(["core/src/money.ts"]);
    // The long date is written out by hand in long-date.ts (its test holds it to Intl's), so
    // no code formats a long month through Intl, and the month names are in that file only.
    expect(filesWith(all, /month:\s*["']long["']/)).toEqual([]);
    expect(filesWith(all, /["']September["']/)).toEqual(["core/src/long-date.ts"]);
  });
});
