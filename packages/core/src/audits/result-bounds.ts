/**
 * How big a stored audit result may get (docs/security.md, "Background work"). A result is
 * one attribute of one DynamoDB item, and an item holds at most 400 KB: a page with a hundred
 * thousand headings, or images written as data: URIs, must still end as a result, not as a
 * write DynamoDB refuses on every retry. The lists keep their first entries and say how many
 * there were; long strings are cut with an ellipsis.
 */
import type { LighthouseResult, SeoResult } from "../contracts/audits";

/** Headings and images a stored SEO result lists (the counts cover the whole page). */
export const SEO_MAX_HEADINGS = 100;
export const SEO_MAX_IMAGES = 100;
/** What the in-page reader hands over at most; the rules judge the page on these. */
export const SEO_FACTS_MAX_ITEMS = 2000;
/** Characters kept of an image address (data: URIs can be megabytes). */
export const SEO_IMAGE_SRC_MAX = 500;
/** Characters kept of any other text the result stores: titles, descriptions, URLs. */
export const TEXT_MAX = 2048;
/** Characters kept of one cell of a Lighthouse details table. */
export const LIGHTHOUSE_CELL_MAX = 300;
/**
 * A result's JSON beyond this is trimmed further (Lighthouse tables are dropped, diagnostics
 * first): what DynamoDB counts is close to the JSON's size, and the rest of the item needs
 * room too.
 */
export const RESULT_MAX_BYTES = 300_000;

/** The text, cut to `max` characters (the last one an ellipsis) when it is longer. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function clipOrNull(text: string | null, max: number): string | null {
  return text === null ? null : clip(text, max);
}

/** The SEO result as stored: bounded lists, with the whole page's counts beside them. */
export function boundSeoResult(result: SeoResult): SeoResult {
  return {
    ...result,
    url: clip(result.url, TEXT_MAX),
    issues: result.issues.map((issue) => ({
      ...issue,
      title: clip(issue.title, TEXT_MAX),
      description: clip(issue.description, TEXT_MAX),
    })),
    metaTitle: clipOrNull(result.metaTitle, TEXT_MAX),
    metaDescription: clipOrNull(result.metaDescription, TEXT_MAX),
    headings: result.headings
      .slice(0, SEO_MAX_HEADINGS)
      .map((h) => ({ level: h.level, text: clip(h.text, TEXT_MAX) })),
    images: result.images
      .slice(0, SEO_MAX_IMAGES)
      .map((i) => ({ src: clip(i.src, SEO_IMAGE_SRC_MAX), hasAlt: i.hasAlt })),
    headingCount: result.headingCount ?? result.headings.length,
    imageCount: result.imageCount ?? result.images.length,
    imagesWithAlt: result.imagesWithAlt ?? result.images.filter((i) => i.hasAlt).length,
  };
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/**
 * The Lighthouse result within RESULT_MAX_BYTES: its tables' cells are already cut
 * (lighthouse-map.ts); if it is still too big, diagnostics lose their tables, then
 * opportunities do, then descriptions are cut short.
 */
export function fitLighthouseResult(result: LighthouseResult): LighthouseResult {
  let fitted = result;
  if (jsonBytes(fitted) <= RESULT_MAX_BYTES) return fitted;
  fitted = { ...fitted, diagnostics: fitted.diagnostics.map((d) => ({ ...d, details: null })) };
  if (jsonBytes(fitted) <= RESULT_MAX_BYTES) return fitted;
  fitted = { ...fitted, opportunities: fitted.opportunities.map((o) => ({ ...o, details: null })) };
  if (jsonBytes(fitted) <= RESULT_MAX_BYTES) return fitted;
  const short = <T extends { description: string }>(item: T): T => ({
    ...item,
    description: clip(item.description, 300),
  });
  return {
    ...fitted,
    metrics: fitted.metrics.map(short),
    opportunities: fitted.opportunities.map(short),
    diagnostics: fitted.diagnostics.map(short),
  };
}
