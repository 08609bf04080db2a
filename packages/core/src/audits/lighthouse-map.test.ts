import { describe, expect, it } from "vitest";
import { UnprocessableError } from "../errors";
import { type LhrAudit, type LhrLike, mapDetails, mapLighthouseResult } from "./lighthouse-map";
import { PWA_NOT_MEASURED } from "./pwa-checks";

const audit = (id: string, extra: Partial<LhrAudit> = {}): LhrAudit => ({
  id,
  title: `Title of ${id}`,
  description: `About ${id}`,
  score: 1,
  scoreDisplayMode: "numeric",
  ...extra,
});

function lhr(overrides: Partial<LhrLike> = {}): LhrLike {
  const audits: Record<string, LhrAudit> = {
    "first-contentful-paint": audit("first-contentful-paint", {
      displayValue: "1.2 s",
      score: 0.95,
      numericValue: 1200,
    }),
    "largest-contentful-paint": audit("largest-contentful-paint", {
      displayValue: "2.6 s",
      score: 0.7,
    }),
    "total-blocking-time": audit("total-blocking-time", { displayValue: "30 ms" }),
    "cumulative-layout-shift": audit("cumulative-layout-shift", { displayValue: "0.01" }),
    "speed-index": audit("speed-index", { displayValue: "1.5 s" }),
    "unused-javascript": audit("unused-javascript", {
      score: 0,
      scoreDisplayMode: "metricSavings",
      displayValue: "Est savings of 141 KiB",
      metricSavings: { FCP: 750, LCP: 750 },
      details: {
        type: "opportunity",
        headings: [
          { key: "url", valueType: "url", label: "URL" },
          { key: "wastedBytes", valueType: "bytes", label: "Est Savings" },
        ],
        items: [{ url: "https://example.com/app.js", wastedBytes: 144000 }],
        overallSavingsMs: 730,
        overallSavingsBytes: 144000,
      },
    }),
    "render-blocking-insight": audit("render-blocking-insight", {
      score: 0,
      scoreDisplayMode: "metricSavings",
      metricSavings: { FCP: 1250, LCP: 1250 },
      details: { type: "table", headings: [], items: [] },
    }),
    "unsized-images": audit("unsized-images", {
      score: 0.5,
      scoreDisplayMode: "metricSavings",
      metricSavings: { CLS: 0 },
      details: {
        type: "table",
        headings: [{ key: "node", valueType: "node", label: "" }],
        items: [{ node: { type: "node", nodeLabel: "body > img", snippet: "<img>" } }],
      },
    }),
    "long-tasks": audit("long-tasks", { score: null, scoreDisplayMode: "informative" }),
    "passing-insight": audit("passing-insight", {
      score: 1,
      scoreDisplayMode: "metricSavings",
      metricSavings: { LCP: 0 },
    }),
  };
  return {
    lighthouseVersion: "13.5.0",
    fetchTime: "2026-01-02T03:04:05.000Z",
    finalDisplayedUrl: "https://example.com/",
    categories: {
      performance: {
        id: "performance",
        score: 0.874,
        auditRefs: [
          ...[
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "cumulative-layout-shift",
            "speed-index",
          ].map((id) => ({ id, group: "metrics" })),
          { id: "unused-javascript", group: "diagnostics" },
          { id: "render-blocking-insight", group: "insights" },
          { id: "unsized-images", group: "diagnostics" },
          { id: "long-tasks", group: "diagnostics" },
          { id: "passing-insight", group: "insights" },
        ],
      },
      accessibility: { id: "accessibility", score: 0.5, auditRefs: [] },
      "best-practices": { id: "best-practices", score: 1, auditRefs: [] },
      seo: { id: "seo", score: 0.005, auditRefs: [] },
    },
    audits,
    ...overrides,
  };
}

const input = { url: "https://example.com", strategy: "mobile" as const, pwa: PWA_NOT_MEASURED };

describe("mapLighthouseResult", () => {
  it("rounds the four category scores to 0-100 and leaves PWA as measured", () => {
    const r = mapLighthouseResult(lhr(), input);
    expect(r.scores).toEqual({
      performance: 87,
      accessibility: 50,
      bestPractices: 100,
      seo: 1,
      pwa: null,
    });
    expect(r.timestamp).toBe("2026-01-02T03:04:05.000Z");
    expect(r.finalUrl).toBe("https://example.com/");
  });

  it("lists the metrics present, in reading order, with scores 0-1", () => {
    const r = mapLighthouseResult(lhr(), input);
    expect(r.metrics.map((m) => m.id)).toEqual([
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
      "speed-index",
    ]);
    expect(r.metrics[0]).toMatchObject({
      title: "Title of first-contentful-paint",
      displayValue: "1.2 s",
      score: 0.95,
    });
  });

  it("takes failing audits with savings as opportunities, largest first", () => {
    const r = mapLighthouseResult(lhr(), input);
    expect(r.opportunities.map((o) => [o.id, o.estimatedSavings])).toEqual([
      ["render-blocking-insight", "1,250 ms"],
      ["unused-javascript", "Est savings of 141 KiB"],
    ]);
    expect(r.opportunities[1]?.details).toEqual({
      headings: [
        { key: "url", label: "URL", valueType: "url" },
        { key: "wastedBytes", label: "Est Savings", valueType: "bytes" },
      ],
      items: [{ url: "https://example.com/app.js", wastedBytes: 144000 }],
      moreItems: 0,
    });
  });

  it("takes other failing audits as diagnostics; passing and informative ones are left out", () => {
    const r = mapLighthouseResult(lhr(), input);
    expect(r.diagnostics.map((d) => d.id)).toEqual(["unsized-images"]);
    expect(r.diagnostics[0]?.details?.items).toEqual([{ node: "body > img" }]);
  });

  it("refuses a report without a score", () => {
    const broken = lhr();
    const seo = broken.categories.seo;
    if (seo) seo.score = null;
    expect(() => mapLighthouseResult(broken, input)).toThrow(UnprocessableError);
  });

  it("turns Lighthouse's runtime error into a message the page can show", () => {
    const failed = lhr({
      runtimeError: { code: "NO_FCP", message: "The page did not paint any content." },
    });
    expect(() => mapLighthouseResult(failed, input)).toThrow(
      "Lighthouse could not analyze the page: The page did not paint any content.",
    );
  });
});

describe("mapDetails", () => {
  it("keeps 10 rows and counts the rest", () => {
    const items = Array.from({ length: 13 }, (_, i) => ({ url: `https://e.com/${i}` }));
    const d = mapDetails({
      type: "table",
      headings: [{ key: "url", valueType: "url", label: "URL" }],
      items,
    });
    expect(d?.items).toHaveLength(10);
    expect(d?.moreItems).toBe(3);
  });

  it("reads the first table of a list and flattens source locations", () => {
    const d = mapDetails({
      type: "list",
      items: [
        { type: "list-section", value: { type: "network-tree", chains: {} } },
        {
          type: "list-section",
          value: {
            type: "table",
            headings: [{ key: "source", valueType: "source-location", label: "Source" }],
            items: [{ source: { type: "source-location", url: "https://e.com/a.js", line: 9 } }],
          },
        },
      ],
    });
    expect(d?.items).toEqual([{ source: "https://e.com/a.js:10" }]);
  });

  it("gives null for details it cannot show", () => {
    expect(mapDetails(undefined)).toBeNull();
    expect(mapDetails({ type: "screenshot", data: "..." })).toBeNull();
    expect(mapDetails({ type: "table", headings: [{ key: "a" }], items: [] })).toBeNull();
  });
});

describe("a missing score", () => {
  it("names the audits that errored", () => {
    const broken = lhr();
    const perf = broken.categories.performance;
    if (perf) perf.score = null;
    const lcp = broken.audits["largest-contentful-paint"];
    if (lcp) Object.assign(lcp, { score: null, scoreDisplayMode: "error", errorMessage: "NO_LCP" });
    expect(() => mapLighthouseResult(broken, input)).toThrow(
      "Lighthouse did not produce a performance score for this page (largest-contentful-paint: NO_LCP).",
    );
  });
});
