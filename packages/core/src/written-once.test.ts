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
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from "./tickets/enums";

const PACKAGES = join(import.meta.dirname, "..", "..");

/** The code of a file: comments may name a fact (they explain it), code may not restate it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Every hand-written source file (no tests, no generated route tree), path → its code. */
function sources(...packages: string[]): Map<string, string> {
  return sourceTexts(code, ...packages);
}

/** The same files, path → `read(text)`. */
function sourceTexts(read: (text: string) => string, ...packages: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.gen\.ts$/.test(entry.name)) {
        files.set(relative(PACKAGES, path), read(readFileSync(path, "utf8")));
      }
    }
  };
  for (const name of packages) walk(join(PACKAGES, name, "src"));
  return files;
}

const all = sources("core", "functions", "web", "devstack");
const web = sources("web");
/**
 * What is published of each API handler: its file's first comment, which becomes the route's
 * summary in the OpenAPI document (packages/functions/src/openapi.ts).
 */
const published = new Map(
  [...sourceTexts((text) => /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1] ?? "", "functions")].filter(
    ([path]) => path.startsWith("functions/src/api/"),
  ),
);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` as the whole text of a JSX element (between a tag and a tag, or an expression). */
const jsxText = (text: string) =>
  new RegExp(`(?:>|^)[ \\t]*${escaped(text)}[ \\t]*(?:<|\\{|$)`, "m");

/** `word` inside a JSX text (a sentence between tags or expressions). */
const inJsxText = (word: string) =>
  new RegExp(`>[^<>{}"'\`]*\\b${escaped(word)}\\b[^<>{}"'\`]*(?:<|\\{)`);

/** The files whose text matches `pattern`. */
function filesWith(files: Map<string, string>, pattern: RegExp): string[] {
  return [...files].filter(([, text]) => pattern.test(text)).map(([path]) => path);
}

/** `text` as a string literal. */
const quoted = (text: string) => new RegExp(`["'\`]${escaped(text)}["'\`]`);

describe("each fact is written once", () => {
  it("finds the sources it reads", () => {
    expect(all.size).toBeGreaterThan(100);
    expect(web.has("web/src/dashboard/site-display.ts")).toBe(true);
    expect(published.get("functions/src/api/billing/create-payment-intent.ts")).toMatch(
      /SEO package/,
    );
  });

  it("the JSX and published-comment patterns find what they look for", () => {
    expect(jsxText("Changes requested").test("<Text>\n  Changes requested\n  {x}")).toBe(true);
    expect(jsxText("Changes requested").test('label="Changes requested"')).toBe(false);
    expect(inJsxText("Enterprise").test("<Text>comes with the Enterprise plan.</Text>")).toBe(true);
    expect(inJsxText("Enterprise").test("{plansWithReport(x)} plan.</Text>")).toBe(false);
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

  /**
   * Where a label's word is another fact, which stays: a deployment that is live (not a site's
   * status), a bounce's subtype, the Billing page's name, the tabs named General (site
   * settings) and Technical (an SEO result).
   */
  const otherUses: Record<string, string[]> = {
    Live: ["web/src/hosting/deployments-panel.tsx"],
    General: [
      "core/src/notifications/mail-feedback.ts",
      "devstack/src/mail.ts",
      "web/src/sites/settings-form.tsx",
    ],
    Billing: ["web/src/billing/billing-page.tsx", "web/src/shell/side-nav.tsx"],
    Technical: ["web/src/audits/seo-result-card.tsx"],
  };
  /** The files where `label` is written, as a literal or as a JSX text. */
  const writtenIn = (label: string) =>
    [...new Set([...filesWith(all, quoted(label)), ...filesWith(all, jsxText(label))])].sort();

  it.each([...homes])("the status label %j only in %j", (label, home) => {
    expect(writtenIn(label)).toEqual([...home, ...(otherUses[label] ?? [])].sort());
  });

  it.each(
    [...Object.values(TICKET_CATEGORY_LABELS), ...Object.values(TICKET_PRIORITY_LABELS)].map(
      (label) => [label] as const,
    ),
  )("the ticket label %j only beside its enumeration", (label) => {
    expect(writtenIn(label)).toEqual(
      ["core/src/tickets/enums.ts", ...(otherUses[label] ?? [])].sort(),
    );
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
      // Nor inside a sentence of a page, nor in a route's published summary.
      expect(filesWith(web, inJsxText(plan.name)), plan.name).toEqual([]);
      expect(filesWith(published, new RegExp(`\\b${plan.name}\\b`)), plan.name).toEqual([]);
    }
    // The website allowance in words, or a table of allowances by plan id.
    expect(filesWith(all, /["'`](1 website|\d+ websites|Unlimited websites)["'`]/)).toEqual([
      "core/src/contracts/plans.ts",
    ]);
    expect(filesWith(all, /\bpro:\s*(3|99)\b/)).toEqual([]);
  });

  it("amounts in cents only where they are defined; no amount in a published summary", () => {
    const cents = new Map<number, string[]>();
    for (const plan of plans) cents.set(plan.price * 100, []);
    cents.set(SEO_UPSELL_PRICE_CENTS, ["core/src/contracts/billing.ts"]);
    for (const [amount, home] of cents) {
      expect(filesWith(all, new RegExp(`\\b${amount}\\b`)), String(amount)).toEqual(home);
    }
    expect(filesWith(published, /\$\s?\d/)).toEqual([]);
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
