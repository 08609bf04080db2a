/**
 * Results of the two audits the worker runs (docs/tools.md): what a finished SEO or Lighthouse job
 * stores and the pages show.
 */
import { STRATEGIES } from "../audits/enums";
import * as z from "./zod";

export const auditStrategySchema = z.enum(STRATEGIES);
export type AuditStrategy = z.infer<typeof auditStrategySchema>;

const score100 = z.number().check(z.int(), z.gte(0), z.lte(100));

// ---------------------------------------------------------------- SEO

export const seoIssueTypeSchema = z.enum(["error", "warning", "success"]);
export const seoImpactSchema = z.enum(["high", "medium", "low"]);

export const seoIssueSchema = z.object({
  /** Which rule produced it (seo-rules.ts), so a page can key and group issues. */
  rule: z.string(),
  type: seoIssueTypeSchema,
  title: z.string(),
  description: z.string(),
  impact: seoImpactSchema,
});
export type SeoIssue = z.infer<typeof seoIssueSchema>;

export const seoHeadingSchema = z.object({
  level: z.number().check(z.int(), z.gte(1), z.lte(6)),
  text: z.string(),
});
export type SeoHeading = z.infer<typeof seoHeadingSchema>;

export const seoImageSchema = z.object({
  src: z.string(),
  hasAlt: z.boolean(),
});
export type SeoImage = z.infer<typeof seoImageSchema>;

export const seoResultSchema = z.object({
  /** The page analysed, after redirects. */
  url: z.string(),
  score: score100,
  /** Seconds from navigation start to the load event. */
  loadTime: z.number().check(z.nonnegative()),
  /** Bytes transferred for the page and everything it loaded (shown in KB). */
  pageSize: z.number().check(z.int(), z.nonnegative()),
  links: z.object({
    internal: z.number().check(z.int(), z.nonnegative()),
    external: z.number().check(z.int(), z.nonnegative()),
  }),
  issues: z.array(seoIssueSchema),
  metaTitle: z.nullable(z.string()),
  metaDescription: z.nullable(z.string()),
  /** The page's first headings and images (at most 100 of each are kept). */
  headings: z.array(seoHeadingSchema),
  images: z.array(seoImageSchema),
  /**
   * How many the whole page has. Absent from results stored before the lists were bounded,
   * whose lists are complete.
   */
  headingCount: z.optional(z.number().check(z.int(), z.nonnegative())),
  imageCount: z.optional(z.number().check(z.int(), z.nonnegative())),
  imagesWithAlt: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type SeoResult = z.infer<typeof seoResultSchema>;

// ---------------------------------------------------------------- Lighthouse

/** A compact table from a Lighthouse audit's details, enough for the page to show. */
export const lighthouseDetailsSchema = z.object({
  headings: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      /** Lighthouse's value type (url, bytes, ms, timespanMs, numeric, text, node…). */
      valueType: z.string(),
    }),
  ),
  items: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  /** Rows Lighthouse reported beyond the ones kept here. */
  moreItems: z.number().check(z.int(), z.nonnegative()),
});
export type LighthouseDetails = z.infer<typeof lighthouseDetailsSchema>;

export const lighthouseMetricSchema = z.object({
  id: z.string(),
  title: z.string(),
  displayValue: z.string(),
  description: z.string(),
  /** 0 to 1, as Lighthouse scores a metric; null when it could not be scored. */
  score: z.nullable(z.number().check(z.gte(0), z.lte(1))),
  numericValue: z.nullable(z.number()),
});
export type LighthouseMetric = z.infer<typeof lighthouseMetricSchema>;

export const lighthouseOpportunitySchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Human text, e.g. "Est savings of 141 KiB" or "1,230 ms". */
  estimatedSavings: z.string(),
  savingsMs: z.number().check(z.nonnegative()),
  savingsBytes: z.number().check(z.nonnegative()),
  description: z.string(),
  details: z.nullable(lighthouseDetailsSchema),
});
export type LighthouseOpportunity = z.infer<typeof lighthouseOpportunitySchema>;

export const lighthouseDiagnosticSchema = z.object({
  id: z.string(),
  title: z.string(),
  displayValue: z.nullable(z.string()),
  description: z.string(),
  details: z.nullable(lighthouseDetailsSchema),
});
export type LighthouseDiagnostic = z.infer<typeof lighthouseDiagnosticSchema>;

export const pwaCheckSchema = z.object({
  id: z.enum([
    "https",
    "manifest",
    "manifest-fields",
    "manifest-icons",
    "service-worker",
    "installable",
  ]),
  title: z.string(),
  passed: z.boolean(),
  /** Why it failed, in Chromium's or our words. */
  detail: z.nullable(z.string()),
});
export type PwaCheck = z.infer<typeof pwaCheckSchema>;

/**
 * Lighthouse 12+ has no PWA category: the PWA figure is the share of these real checks that
 * passed, or null with measured false when they could not be run.
 */
export const pwaReportSchema = z.object({
  score: z.nullable(score100),
  measured: z.boolean(),
  checks: z.array(pwaCheckSchema),
});
export type PwaReport = z.infer<typeof pwaReportSchema>;

export const lighthouseScoresSchema = z.object({
  performance: score100,
  accessibility: score100,
  bestPractices: score100,
  seo: score100,
  /** Null when not measured; never a made-up number. */
  pwa: z.nullable(score100),
});
export type LighthouseScores = z.infer<typeof lighthouseScoresSchema>;

export const lighthouseResultSchema = z.object({
  /** The URL that was asked for. */
  url: z.string(),
  /** Where Lighthouse ended up after redirects. */
  finalUrl: z.string(),
  strategy: auditStrategySchema,
  /** ISO time of the run (Lighthouse's fetchTime). */
  timestamp: z.string(),
  lighthouseVersion: z.string(),
  scores: lighthouseScoresSchema,
  pwa: pwaReportSchema,
  metrics: z.array(lighthouseMetricSchema),
  opportunities: z.array(lighthouseOpportunitySchema),
  diagnostics: z.array(lighthouseDiagnosticSchema),
});
export type LighthouseResult = z.infer<typeof lighthouseResultSchema>;
