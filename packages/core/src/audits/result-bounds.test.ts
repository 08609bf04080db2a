import { describe, expect, it } from "vitest";
import type { LighthouseResult, SeoResult } from "../contracts/audits";
import {
  boundSeoResult,
  fitLighthouseResult,
  RESULT_MAX_BYTES,
  SEO_IMAGE_SRC_MAX,
  SEO_MAX_HEADINGS,
  SEO_MAX_IMAGES,
} from "./result-bounds";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

const seo: SeoResult = {
  url: "https://bakery.example.com/",
  score: 80,
  loadTime: 1.2,
  pageSize: 1024,
  links: { internal: 1, external: 0 },
  issues: [],
  metaTitle: "Corner Bakery",
  metaDescription: null,
  headings: [],
  images: [],
};

describe("boundSeoResult", () => {
  it("keeps the first headings and images of a huge page, with the page's own counts", () => {
    const headings = Array.from({ length: 5000 }, (_, i) => ({ level: 2, text: `Loaf ${i}` }));
    const images = Array.from({ length: 3000 }, (_, i) => ({
      src: `data:image/png;base64,${"A".repeat(20_000)}${i}`,
      hasAlt: i % 2 === 0,
    }));
    const bounded = boundSeoResult({
      ...seo,
      headings,
      images,
      headingCount: 6000,
      imageCount: 3000,
      imagesWithAlt: 1500,
    });
    expect(bounded.headings).toHaveLength(SEO_MAX_HEADINGS);
    expect(bounded.headings[0]).toEqual({ level: 2, text: "Loaf 0" });
    expect(bounded.images).toHaveLength(SEO_MAX_IMAGES);
    expect(bounded.images[0]?.src).toHaveLength(SEO_IMAGE_SRC_MAX);
    expect(bounded.images[0]?.src.endsWith("…")).toBe(true);
    expect(bounded).toMatchObject({ headingCount: 6000, imageCount: 3000, imagesWithAlt: 1500 });
    expect(bytes(bounded)).toBeLessThan(RESULT_MAX_BYTES);
  });

  it("counts what it was given when no counts came with it", () => {
    const bounded = boundSeoResult({
      ...seo,
      headings: [{ level: 1, text: "Corner Bakery" }],
      images: [
        { src: "/a.png", hasAlt: true },
        { src: "/b.png", hasAlt: false },
      ],
    });
    expect(bounded).toMatchObject({ headingCount: 1, imageCount: 2, imagesWithAlt: 1 });
  });
});

describe("fitLighthouseResult", () => {
  const table = (rows: number) => ({
    headings: [{ key: "url", label: "URL", valueType: "url" }],
    items: Array.from({ length: rows }, () => ({ url: "u".repeat(300) })),
    moreItems: 0,
  });
  const lighthouse = (audits: number): LighthouseResult => ({
    url: "https://bakery.example.com/",
    finalUrl: "https://bakery.example.com/",
    strategy: "mobile",
    timestamp: "2026-03-01T12:00:00.000Z",
    lighthouseVersion: "13.5.0",
    scores: { performance: 90, accessibility: 90, bestPractices: 90, seo: 90, pwa: null },
    pwa: { score: null, measured: false, checks: [] },
    metrics: [],
    opportunities: Array.from({ length: audits }, (_, i) => ({
      id: `o${i}`,
      title: "Opportunity",
      estimatedSavings: "1 s",
      savingsMs: 1000,
      savingsBytes: 0,
      description: "d".repeat(1000),
      details: table(10),
    })),
    diagnostics: Array.from({ length: audits }, (_, i) => ({
      id: `d${i}`,
      title: "Diagnostic",
      displayValue: null,
      description: "d".repeat(1000),
      details: table(10),
    })),
  });

  it("leaves a result of ordinary size as it is", () => {
    const small = lighthouse(3);
    expect(fitLighthouseResult(small)).toBe(small);
  });

  it("drops tables, diagnostics' first, until the result fits", () => {
    const fitted = fitLighthouseResult(lighthouse(80));
    expect(bytes(fitted)).toBeLessThanOrEqual(RESULT_MAX_BYTES);
    expect(fitted.diagnostics.every((d) => d.details === null)).toBe(true);
    expect(fitted.opportunities).toHaveLength(80);
  });
});
