import { describe, expect, it } from "vitest";
import { evaluateSeo, type PageFacts, SEO_RULES } from "./seo-rules";

/** Facts of a page that does everything right. */
const good: PageFacts = {
  url: "https://example.com/",
  statusCode: 200,
  robotsHeaders: [],
  title: "Example Bakery - Fresh bread daily",
  metaDescription:
    "Fresh sourdough, rye and pastries baked every morning in the heart of town. Order online.",
  robotsMeta: [{ name: "robots", content: "index, follow" }],
  canonical: "https://example.com/",
  lang: "en",
  viewport: "width=device-width, initial-scale=1",
  ogTitle: "Example Bakery",
  ogImage: "https://example.com/og.png",
  headings: [
    { level: 1, text: "Example Bakery" },
    { level: 2, text: "Bread" },
    { level: 3, text: "Sourdough" },
    { level: 2, text: "Pastries" },
  ],
  images: [
    { src: "https://example.com/a.jpg", hasAlt: true },
    { src: "https://example.com/b.jpg", hasAlt: true },
  ],
};

const weight = (id: string) => SEO_RULES.find((r) => r.id === id)?.weight ?? Number.NaN;

function issueOf(facts: Partial<PageFacts>, rule: string) {
  const result = evaluateSeo({ ...good, ...facts });
  const issue = result.issues.find((i) => i.rule === rule);
  if (!issue) throw new Error(`no issue for ${rule}`);
  return { issue, score: result.score };
}

describe("evaluateSeo", () => {
  it("weights add up to 100", () => {
    expect(SEO_RULES.reduce((s, r) => s + r.weight, 0)).toBe(100);
  });

  it("gives a flawless page 100 and one success per rule", () => {
    const { score, issues } = evaluateSeo(good);
    expect(score).toBe(100);
    expect(issues).toHaveLength(SEO_RULES.length);
    expect(issues.every((i) => i.type === "success")).toBe(true);
  });

  it("lists errors, then warnings, then successes", () => {
    const { issues } = evaluateSeo({ ...good, title: null, canonical: null });
    expect(issues.map((i) => i.type).slice(0, 2)).toEqual(["error", "warning"]);
    expect(issues[0]?.rule).toBe("title");
    expect(issues[1]?.rule).toBe("canonical");
  });
});

describe("rules", () => {
  it.each([
    [200, "success"],
    [204, "success"],
    [301, "error"],
    [404, "error"],
    [500, "error"],
    [null, "error"],
  ] as const)("http-status %s → %s", (statusCode, type) => {
    const { issue, score } = issueOf({ statusCode }, "http-status");
    expect(issue.type).toBe(type);
    expect(issue.impact).toBe("high");
    expect(score).toBe(type === "success" ? 100 : 100 - weight("http-status"));
  });

  it.each([
    ["https://example.com/", "success"],
    ["http://example.com/", "error"],
  ] as const)("https %s → %s", (url, type) => {
    expect(issueOf({ url }, "https").issue.type).toBe(type);
  });

  it.each([
    [null, "error", "Missing page title"],
    ["   ", "error", "Missing page title"],
    ["Short", "warning", "Page title is too short"],
    ["x".repeat(9), "warning", "Page title is too short"],
    ["x".repeat(10), "success", "Page title has a good length"],
    ["x".repeat(60), "success", "Page title has a good length"],
    ["x".repeat(61), "warning", "Page title is too long"],
  ] as const)("title %j → %s", (title, type, heading) => {
    const { issue, score } = issueOf({ title }, "title");
    expect(issue.type).toBe(type);
    expect(issue.title).toBe(heading);
    const lost = { success: 0, warning: weight("title") / 2, error: weight("title") }[type];
    expect(score).toBe(100 - lost);
  });

  it.each([
    [null, "error", "Missing meta description"],
    ["x".repeat(49), "warning", "Meta description is too short"],
    ["x".repeat(50), "success", "Meta description has a good length"],
    ["x".repeat(160), "success", "Meta description has a good length"],
    ["x".repeat(161), "warning", "Meta description is too long"],
  ] as const)("meta-description of %j → %s", (metaDescription, type, heading) => {
    const { issue } = issueOf({ metaDescription }, "meta-description");
    expect(issue.type).toBe(type);
    expect(issue.title).toBe(heading);
  });

  it("counts characters, not UTF-16 units, in titles", () => {
    // 10 emoji are 20 UTF-16 units but 10 characters: within bounds.
    expect(issueOf({ title: "🍞".repeat(10) }, "title").issue.type).toBe("success");
  });

  const robots = (content: string, name = "robots") => ({ robotsMeta: [{ name, content }] });
  it.each([
    [robots("noindex, follow"), "error"],
    [robots("NOINDEX"), "error"],
    [robots("none"), "error"],
    [robots("index, unavailable_after: 2001-01-01"), "error"],
    [{ robotsHeaders: ["noindex"] }, "error"],
    [{ robotsHeaders: ["noarchive", "none"] }, "error"],
    [robots("index, follow"), "success"],
    [{ robotsMeta: [] }, "success"],
    [robots("noarchive"), "success"],
    // Directives are whole words between commas, not words anywhere (is-crawlable).
    [robots("max-image-preview:none"), "success"],
    [robots("max-snippet:-1, max-image-preview:none"), "success"],
    [robots("unavailable_after: 2999-01-01"), "success"],
    // In a meta element a crawler prefix is no directive; in a header it addresses one crawler.
    [robots("bingbot: noindex"), "success"],
    [{ robotsHeaders: ["bingbot: noindex"] }, "success"],
    [{ robotsHeaders: ["googlebot: noindex, nofollow"] }, "success"],
    [robots("noindex", "bingbot"), "success"],
    // Every crawler blocked, each its own way.
    [
      {
        robotsMeta: [{ name: "robots", content: "noindex" }],
        robotsHeaders: ["otherbot: all"],
      },
      "error",
    ],
  ] as const)("robots %j → %s", (facts, type) => {
    expect(issueOf(facts, "robots").issue.type).toBe(type);
  });

  it("says which crawlers a page turns away when others may index it", () => {
    const { issue } = issueOf(
      { robotsMeta: [{ name: "bingbot", content: "noindex" }], robotsHeaders: ["googlebot: none"] },
      "robots",
    );
    expect(issue.description).toBe(
      "Search engines may index it; the page asks only googlebot, bingbot not to.",
    );
    const blocked = issueOf({ robotsHeaders: ["noindex"] }, "robots").issue;
    expect(blocked.description).toBe(
      "The page asks not to be indexed (X-Robots-Tag: noindex), so it will not appear in search results.",
    );
  });

  it.each([
    [[{ level: 1, text: "A" }], "success"],
    [[], "error"],
    [[{ level: 2, text: "A" }], "error"],
    [
      [
        { level: 1, text: "A" },
        { level: 1, text: "B" },
      ],
      "warning",
    ],
  ] as const)("h1 in %j → %s", (headings, type) => {
    const { issue } = issueOf({ headings: [...headings] }, "h1");
    expect(issue.type).toBe(type);
  });

  it("names the number of h1 elements", () => {
    const headings = [1, 1, 1].map((level) => ({ level, text: "x" }));
    expect(issueOf({ headings }, "h1").issue.description).toContain("3 <h1> elements");
  });

  it.each([
    [[1, 2, 3, 2, 3], "success"],
    [[1, 2, 2, 1, 2], "success"],
    [[3, 1], "success"], // going up any number of levels is fine
    [[1, 3], "warning"],
    [[1, 2, 4], "warning"],
    [[], "success"],
  ] as const)("heading-order %j → %s", (levels, type) => {
    const headings = levels.map((level) => ({ level, text: `h${level}` }));
    const { issue } = issueOf({ headings }, "heading-order");
    expect(issue.type).toBe(type);
  });

  it("names the skipped levels", () => {
    const headings = [1, 2, 4].map((level) => ({ level, text: "x" }));
    expect(issueOf({ headings }, "heading-order").issue.description).toContain("h2 → h4");
  });

  it("image-alt earns the share of images with alt", () => {
    const images = [
      { src: "a", hasAlt: true },
      { src: "b", hasAlt: false },
      { src: "c", hasAlt: false },
      { src: "d", hasAlt: false },
    ];
    const { issue, score } = issueOf({ images }, "image-alt");
    expect(issue.type).toBe("warning");
    expect(issue.description).toContain("3 of 4 images");
    expect(score).toBe(100 - weight("image-alt") * 0.75);
  });

  it("image-alt passes with no images or all described", () => {
    expect(issueOf({ images: [] }, "image-alt").issue.type).toBe("success");
    expect(issueOf({ images: [{ src: "a", hasAlt: true }] }, "image-alt").issue.type).toBe(
      "success",
    );
  });

  it.each([
    ["viewport", { viewport: null }, "error"],
    ["viewport", { viewport: "" }, "error"],
    ["canonical", { canonical: null }, "warning"],
    ["lang", { lang: null }, "warning"],
    ["lang", { lang: " " }, "warning"],
    ["og-title", { ogTitle: null }, "warning"],
    ["og-image", { ogImage: null }, "warning"],
  ] as const)("%s missing (%j) → %s", (rule, facts, type) => {
    const { issue, score } = issueOf(facts, rule);
    expect(issue.type).toBe(type);
    expect(score).toBe(Math.round(100 - weight(rule) * (type === "error" ? 1 : 0.5)));
  });

  it("a page failing everything keeps only what its warnings and empty checks earn", () => {
    const { score, issues } = evaluateSeo({
      url: "http://example.com/",
      statusCode: 500,
      robotsHeaders: ["noindex"],
      title: null,
      metaDescription: null,
      robotsMeta: [],
      canonical: null,
      lang: null,
      viewport: null,
      ogTitle: null,
      ogImage: null,
      headings: [],
      images: [{ src: "a", hasAlt: false }],
    });
    // No headings passes heading-order (4); warnings earn half of canonical (5), lang (4),
    // og-title (3) and og-image (3); image-alt earns 0 of 8 with its one image undescribed.
    expect(score).toBe(Math.round(4 + (5 + 4 + 3 + 3) / 2));
    expect(issues.filter((i) => i.type === "error").map((i) => i.rule)).toEqual([
      "http-status",
      "https",
      "title",
      "meta-description",
      "robots",
      "h1",
      "viewport",
    ]);
  });
});
