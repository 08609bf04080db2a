/**
 * The SEO rules: pure functions from facts read off a rendered page to issues and a score.
 *
 * Each rule has a weight; the weights add up to 100. A passed rule earns its full weight, a
 * warning half of it, an error nothing, except the image rule, which earns the share of
 * images that have an alt attribute. The score is the rounded sum. Every rule reports one
 * issue: "success" when it passes, so the Issues tab shows what was checked, not only what
 * failed.
 *
 * | rule             | weight | checks                                               |
 * |------------------|-------:|------------------------------------------------------|
 * | http-status      |     15 | the page answered 2xx                                 |
 * | https            |     10 | served over HTTPS                                    |
 * | title            |     12 | <title> present, 10-60 characters                    |
 * | meta-description |      8 | meta description present, 50-160 characters          |
 * | robots           |     12 | not blocked from indexing (read as Lighthouse does)  |
 * | h1               |      8 | exactly one <h1>                                     |
 * | heading-order    |      4 | no skipped levels going down (h2 → h4)               |
 * | image-alt        |      8 | every <img> has an alt attribute (alt="" is fine)    |
 * | viewport         |      8 | <meta name="viewport"> present                       |
 * | canonical        |      5 | <link rel="canonical"> present                       |
 * | lang             |      4 | <html lang> present                                  |
 * | og-title         |      3 | <meta property="og:title">                           |
 * | og-image         |      3 | <meta property="og:image">                           |
 */
import type { SeoHeading, SeoImage, SeoIssue } from "../contracts/audits";

/** What the rules need to know about a page, read from its rendered DOM and its response. */
export interface PageFacts {
  /** The page's URL after redirects. */
  url: string;
  /** HTTP status of the main document; null when no response was seen. */
  statusCode: number | null;
  /** The X-Robots-Tag response headers' values, one per header. */
  robotsHeaders: readonly string[];
  title: string | null;
  metaDescription: string | null;
  /** The robots meta elements: `robots` and the crawlers' own (ROBOTS_META_NAMES), name lower-cased. */
  robotsMeta: readonly { readonly name: string; readonly content: string }[];
  canonical: string | null;
  lang: string | null;
  viewport: string | null;
  ogTitle: string | null;
  ogImage: string | null;
  headings: SeoHeading[];
  images: SeoImage[];
}

export const TITLE_MIN = 10;
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

type Outcome = { issue: SeoIssue; credit: number };

interface SeoRule {
  id: string;
  weight: number;
  check(facts: PageFacts): Outcome;
}

const pass = (rule: string, title: string, description: string, impact: SeoIssue["impact"]) => ({
  issue: { rule, type: "success" as const, title, description, impact },
  credit: 1,
});
const warn = (rule: string, title: string, description: string, impact: SeoIssue["impact"]) => ({
  issue: { rule, type: "warning" as const, title, description, impact },
  credit: 0.5,
});
const fail = (rule: string, title: string, description: string, impact: SeoIssue["impact"]) => ({
  issue: { rule, type: "error" as const, title, description, impact },
  credit: 0,
});

const blank = (s: string | null): boolean => s === null || s.trim() === "";

/**
 * The crawlers Lighthouse's `is-crawlable` audit asks about (undefined: any crawler, the
 * `robots` meta and unprefixed headers), and the meta names the page is read for.
 */
const CRAWLERS = [undefined, "googlebot", "bingbot", "duckduckbot", "archive.org_bot"] as const;
export const ROBOTS_META_NAMES = ["robots", ...CRAWLERS.filter((c) => c !== undefined)];
const UNAVAILABLE_AFTER = "unavailable_after";

/** Whether a comma-separated list of directives blocks indexing: `noindex`, `none`, or a past `unavailable_after`. */
function blocksIndexing(directives: string, now: number): boolean {
  return directives
    .split(",")
    .map((d) => d.toLowerCase().trim())
    .some((d) => {
      if (d === "noindex" || d === "none") return true;
      const [name, ...rest] = d.split(":");
      if (name !== UNAVAILABLE_AFTER || rest.length === 0) return false;
      const date = Date.parse(rest.join(":"));
      return !Number.isNaN(date) && date < now;
    });
}

/** The crawler an X-Robots-Tag value is addressed to (`bingbot: noindex`), if any. */
function headerCrawler(value: string): string | undefined {
  const prefix = /^([^,:]+):/.exec(value)?.[1]?.trim().toLowerCase();
  return prefix === UNAVAILABLE_AFTER ? undefined : prefix;
}

/**
 * What blocks `crawler` (or any crawler) from indexing the page, as Lighthouse reads it: its own
 * meta element, else the generic `robots` one, and the headers addressed to it or to everyone.
 */
function blockersFor(
  crawler: (typeof CRAWLERS)[number],
  { robotsMeta, robotsHeaders }: Pick<PageFacts, "robotsMeta" | "robotsHeaders">,
  now: number,
): string[] {
  const found: string[] = [];
  const meta =
    (crawler && robotsMeta.find((m) => m.name === crawler)) ??
    robotsMeta.find((m) => m.name === "robots");
  if (meta && blocksIndexing(meta.content, now)) {
    found.push(`<meta name="${meta.name}" content="${meta.content}">`);
  }
  for (const value of robotsHeaders) {
    const addressee = headerCrawler(value);
    if (addressee !== undefined && addressee !== crawler) continue;
    const directives = addressee === undefined ? value : value.slice(value.indexOf(":") + 1);
    if (blocksIndexing(directives, now)) found.push(`X-Robots-Tag: ${value.trim()}`);
  }
  return found;
}
const chars = (s: string): number => [...s.trim()].length;

export const SEO_RULES: readonly SeoRule[] = [
  {
    id: "http-status",
    weight: 15,
    check: ({ statusCode }) =>
      statusCode !== null && statusCode >= 200 && statusCode < 300
        ? pass(
            "http-status",
            "Page loads successfully",
            `The page answered HTTP ${statusCode}.`,
            "high",
          )
        : fail(
            "http-status",
            "Page does not load successfully",
            statusCode === null
              ? "The page gave no HTTP response."
              : `The page answered HTTP ${statusCode}. Search engines only index pages that answer 2xx.`,
            "high",
          ),
  },
  {
    id: "https",
    weight: 10,
    check: ({ url }) =>
      url.startsWith("https://")
        ? pass("https", "Served over HTTPS", "The page is served over a secure connection.", "high")
        : fail(
            "https",
            "Not served over HTTPS",
            "Serve the page over HTTPS: browsers mark plain HTTP pages as not secure and search engines prefer secure pages.",
            "high",
          ),
  },
  {
    id: "title",
    weight: 12,
    check: ({ title }) => {
      if (title === null || blank(title)) {
        return fail(
          "title",
          "Missing page title",
          "Add a <title> element: it is the headline of the page in search results.",
          "high",
        );
      }
      const n = chars(title);
      if (n < TITLE_MIN || n > TITLE_MAX) {
        return warn(
          "title",
          n < TITLE_MIN ? "Page title is too short" : "Page title is too long",
          `The title has ${n} characters; aim for ${TITLE_MIN}-${TITLE_MAX} so it is descriptive and not cut off in search results.`,
          "high",
        );
      }
      return pass(
        "title",
        "Page title has a good length",
        `The title has ${n} characters.`,
        "high",
      );
    },
  },
  {
    id: "meta-description",
    weight: 8,
    check: ({ metaDescription }) => {
      if (metaDescription === null || blank(metaDescription)) {
        return fail(
          "meta-description",
          "Missing meta description",
          'Add <meta name="description">: search engines often show it under the title in results.',
          "medium",
        );
      }
      const n = chars(metaDescription);
      if (n < DESCRIPTION_MIN || n > DESCRIPTION_MAX) {
        return warn(
          "meta-description",
          n < DESCRIPTION_MIN ? "Meta description is too short" : "Meta description is too long",
          `The meta description has ${n} characters; aim for ${DESCRIPTION_MIN}-${DESCRIPTION_MAX}.`,
          "medium",
        );
      }
      return pass(
        "meta-description",
        "Meta description has a good length",
        `The meta description has ${n} characters.`,
        "medium",
      );
    },
  },
  {
    id: "robots",
    weight: 12,
    check: (facts) => {
      const now = Date.now();
      const blocked = CRAWLERS.map((crawler) => ({
        crawler,
        by: blockersFor(crawler, facts, now),
      })).filter(({ by }) => by.length > 0);
      // Like Lighthouse: blocked only when every crawler is; otherwise say which are.
      if (blocked.length === CRAWLERS.length) {
        const by = [...new Set(blocked.flatMap((b) => b.by))].join("; ");
        return fail(
          "robots",
          "Page blocks search engines",
          `The page asks not to be indexed (${by}), so it will not appear in search results.`,
          "high",
        );
      }
      const some = blocked.map((b) => b.crawler).filter((c) => c !== undefined);
      return pass(
        "robots",
        "Page can be indexed",
        some.length > 0
          ? `Search engines may index it; the page asks only ${some.join(", ")} not to.`
          : "Nothing on the page asks search engines not to index it.",
        "high",
      );
    },
  },
  {
    id: "h1",
    weight: 8,
    check: ({ headings }) => {
      const count = headings.filter((h) => h.level === 1).length;
      if (count === 1)
        return pass("h1", "One H1 heading", "The page has exactly one <h1>.", "medium");
      if (count === 0) {
        return fail(
          "h1",
          "Missing H1 heading",
          "Add one <h1> that says what the page is about.",
          "medium",
        );
      }
      return warn(
        "h1",
        "Multiple H1 headings",
        `The page has ${count} <h1> elements; use exactly one and <h2>-<h6> below it.`,
        "medium",
      );
    },
  },
  {
    id: "heading-order",
    weight: 4,
    check: ({ headings }) => {
      const skips: string[] = [];
      for (let i = 1; i < headings.length; i++) {
        const prev = headings[i - 1] as SeoHeading;
        const cur = headings[i] as SeoHeading;
        if (cur.level > prev.level + 1) skips.push(`h${prev.level} → h${cur.level}`);
      }
      if (skips.length > 0) {
        return warn(
          "heading-order",
          "Heading levels are skipped",
          `Headings should go down one level at a time; found ${skips.join(", ")}.`,
          "low",
        );
      }
      return pass(
        "heading-order",
        "Headings are in order",
        headings.length === 0
          ? "The page has no headings to order."
          : "No heading level is skipped.",
        "low",
      );
    },
  },
  {
    id: "image-alt",
    weight: 8,
    check: ({ images }) => {
      const missing = images.filter((i) => !i.hasAlt).length;
      if (missing === 0) {
        return pass(
          "image-alt",
          "Images have alt text",
          images.length === 0
            ? "The page has no images."
            : `All ${images.length} images have an alt attribute.`,
          "medium",
        );
      }
      return {
        issue: {
          rule: "image-alt",
          type: "warning",
          title: "Images missing alt text",
          description: `${missing} of ${images.length} images have no alt attribute. Alt text describes images to search engines and screen readers.`,
          impact: "medium",
        },
        credit: (images.length - missing) / images.length,
      };
    },
  },
  {
    id: "viewport",
    weight: 8,
    check: ({ viewport }) =>
      blank(viewport)
        ? fail(
            "viewport",
            "Missing viewport meta tag",
            'Add <meta name="viewport" content="width=device-width, initial-scale=1"> so the page fits mobile screens.',
            "high",
          )
        : pass("viewport", "Viewport is set for mobile", "The page declares a viewport.", "high"),
  },
  {
    id: "canonical",
    weight: 5,
    check: ({ canonical }) =>
      blank(canonical)
        ? warn(
            "canonical",
            "Missing canonical link",
            'Add <link rel="canonical"> naming the preferred URL, so duplicates of the page do not compete.',
            "medium",
          )
        : pass(
            "canonical",
            "Canonical link present",
            `The canonical URL is ${canonical}.`,
            "medium",
          ),
  },
  {
    id: "lang",
    weight: 4,
    check: ({ lang }) =>
      blank(lang)
        ? warn(
            "lang",
            "Missing language attribute",
            'Add a lang attribute to <html> (for example lang="en") so search engines know the page language.',
            "low",
          )
        : pass("lang", "Language is declared", `The page declares lang="${lang}".`, "low"),
  },
  {
    id: "og-title",
    weight: 3,
    check: ({ ogTitle }) =>
      blank(ogTitle)
        ? warn(
            "og-title",
            "Missing Open Graph title",
            'Add <meta property="og:title"> for the title shown when the page is shared.',
            "low",
          )
        : pass("og-title", "Open Graph title present", "Shared links get a title.", "low"),
  },
  {
    id: "og-image",
    weight: 3,
    check: ({ ogImage }) =>
      blank(ogImage)
        ? warn(
            "og-image",
            "Missing Open Graph image",
            'Add <meta property="og:image"> for the picture shown when the page is shared.',
            "low",
          )
        : pass("og-image", "Open Graph image present", "Shared links get a picture.", "low"),
  },
];

export interface SeoEvaluation {
  score: number;
  issues: SeoIssue[];
}

/** Runs every rule: errors first, then warnings, then successes (each group in rule order). */
export function evaluateSeo(facts: PageFacts): SeoEvaluation {
  const outcomes = SEO_RULES.map((rule) => ({ rule, ...rule.check(facts) }));
  const score = Math.round(outcomes.reduce((sum, o) => sum + o.rule.weight * o.credit, 0));
  const rank = { error: 0, warning: 1, success: 2 } as const;
  const issues = outcomes
    .map((o, i) => ({ issue: o.issue, i }))
    .sort((a, b) => rank[a.issue.type] - rank[b.issue.type] || a.i - b.i)
    .map((o) => o.issue);
  return { score: Math.max(0, Math.min(100, score)), issues };
}
