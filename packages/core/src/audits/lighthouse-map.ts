/**
 * From a Lighthouse report (LHR) to the result the portal stores: four category scores,
 * the metrics, the opportunities and the diagnostics. Pure, so it is tested on small LHRs.
 */
import type {
  AuditStrategy,
  LighthouseDetails,
  LighthouseDiagnostic,
  LighthouseMetric,
  LighthouseOpportunity,
  LighthouseResult,
  PwaReport,
} from "../contracts/audits";
import { UnprocessableError } from "../errors";
import { clip, LIGHTHOUSE_CELL_MAX } from "./result-bounds";

/** The parts of a Lighthouse result this module reads. */
export interface LhrAudit {
  id: string;
  title: string;
  description: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number | undefined>;
  details?: unknown;
  errorMessage?: string;
}

export interface LhrLike {
  lighthouseVersion: string;
  fetchTime: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { id: string; score: number | null; auditRefs: { id: string; group?: string }[] } | undefined
  >;
  audits: Record<string, LhrAudit | undefined>;
}

export const LIGHTHOUSE_CATEGORIES = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
] as const;

/** Metrics in the order a person reads them; TTI is kept when Lighthouse still reports it. */
export const METRIC_AUDITS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
] as const;

/** Lighthouse counts an audit as passed from 0.9. */
const PASS = 0.9;
const DETAIL_ROWS = 10;
const SCORED_MODES = new Set(["binary", "numeric", "metricSavings"]);

type Cell = string | number | boolean | null;

/** One table cell as text or number: URLs, DOM nodes, code and source locations flattened. */
function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  // A cell can be a data: URI or a page's whole inline script: the stored result stays small.
  if (typeof value === "string") return clip(value, LIGHTHOUSE_CELL_MAX);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case "url":
    case "code":
    case "text":
    case "numeric":
    case "ms":
    case "bytes":
      return cell(v.value);
    case "node":
      return cell(v.nodeLabel ?? v.snippet ?? v.selector);
    case "source-location":
      return typeof v.url === "string"
        ? clip(`${v.url}${typeof v.line === "number" ? `:${v.line + 1}` : ""}`, LIGHTHOUSE_CELL_MAX)
        : null;
    case "link":
      return cell(v.url ?? v.text);
    default:
      return null;
  }
}

interface TableLike {
  type: string;
  headings?: { key?: string | null; label?: unknown; valueType?: string }[];
  items?: Record<string, unknown>[];
  [k: string]: unknown;
}

/** Tables ("table", "opportunity") as they are; a "list" by its first table; else null. */
export function mapDetails(details: unknown): LighthouseDetails | null {
  if (!details || typeof details !== "object") return null;
  const d = details as TableLike;
  if (d.type === "list" && Array.isArray(d.items)) {
    for (const item of d.items) {
      const inner =
        (item as { type?: string; value?: unknown }).type === "list-section"
          ? (item as { value?: unknown }).value
          : item;
      const mapped = mapDetails(inner);
      if (mapped) return mapped;
    }
    return null;
  }
  if ((d.type !== "table" && d.type !== "opportunity") || !Array.isArray(d.items)) return null;
  const headings = (d.headings ?? [])
    .filter((h): h is { key: string; label?: unknown; valueType?: string } => !!h.key)
    .map((h) => ({
      key: h.key,
      label: typeof h.label === "string" ? h.label : h.key,
      valueType: h.valueType ?? "text",
    }));
  if (headings.length === 0 || d.items.length === 0) return null;
  const items = d.items.slice(0, DETAIL_ROWS).map((row) => {
    const out: Record<string, Cell> = {};
    for (const h of headings) out[h.key] = cell(row[h.key]);
    return out;
  });
  return { headings, items, moreItems: Math.max(0, d.items.length - DETAIL_ROWS) };
}

function savingsOf(audit: LhrAudit): { ms: number; bytes: number } {
  const d = (audit.details ?? {}) as { overallSavingsMs?: number; overallSavingsBytes?: number };
  const fromMetrics = Math.max(
    0,
    ...Object.values(audit.metricSavings ?? {}).filter((n): n is number => typeof n === "number"),
  );
  return {
    ms: Math.max(d.overallSavingsMs ?? 0, fromMetrics),
    bytes: Math.max(0, d.overallSavingsBytes ?? 0),
  };
}

function savingsText(audit: LhrAudit, ms: number, bytes: number): string {
  if (audit.displayValue) return audit.displayValue;
  const parts: string[] = [];
  if (ms > 0) parts.push(`${Math.round(ms).toLocaleString("en-US")} ms`);
  if (bytes > 0) parts.push(`${Math.round(bytes / 1024).toLocaleString("en-US")} KiB`);
  return parts.join(", ");
}

const failing = (a: LhrAudit): boolean =>
  SCORED_MODES.has(a.scoreDisplayMode) && a.score !== null && a.score < PASS;

function score100(lhr: LhrLike, id: string): number {
  const category = lhr.categories[id];
  if (!category || category.score === null || Number.isNaN(category.score)) {
    // Name the audits that errored: that is what decides whether a retry can help.
    const errored = (category?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is LhrAudit => a?.scoreDisplayMode === "error")
      .map((a) => (a.errorMessage ? `${a.id}: ${a.errorMessage}` : a.id));
    const why = errored.length > 0 ? ` (${errored.slice(0, 3).join("; ")})` : "";
    throw new UnprocessableError(`Lighthouse did not produce a ${id} score for this page${why}.`);
  }
  return Math.round(category.score * 100);
}

/**
 * Opportunities: failing performance audits that estimate a saving (Lighthouse 13's
 * "opportunity" tables and the insights with metric savings), largest saving first.
 * Diagnostics: the other failing performance audits. Metrics are never in either list.
 */
export function mapLighthouseResult(
  lhr: LhrLike,
  input: { url: string; strategy: AuditStrategy; pwa: PwaReport },
): LighthouseResult {
  if (lhr.runtimeError) {
    throw new UnprocessableError(
      `Lighthouse could not analyze the page: ${lhr.runtimeError.message}`,
    );
  }
  const scores = {
    performance: score100(lhr, "performance"),
    accessibility: score100(lhr, "accessibility"),
    bestPractices: score100(lhr, "best-practices"),
    seo: score100(lhr, "seo"),
    pwa: input.pwa.score,
  };

  const metrics: LighthouseMetric[] = [];
  for (const id of METRIC_AUDITS) {
    const a = lhr.audits[id];
    if (!a || a.scoreDisplayMode === "error" || a.scoreDisplayMode === "notApplicable") continue;
    metrics.push({
      id,
      title: a.title,
      displayValue: a.displayValue ?? "",
      description: a.description,
      score: a.score,
      numericValue: a.numericValue ?? null,
    });
  }

  const metricIds = new Set<string>(METRIC_AUDITS);
  const perfRefs = lhr.categories.performance?.auditRefs ?? [];
  const opportunities: LighthouseOpportunity[] = [];
  const diagnostics: LighthouseDiagnostic[] = [];
  for (const ref of perfRefs) {
    const a = lhr.audits[ref.id];
    if (!a || metricIds.has(a.id) || ref.group === "metrics" || !failing(a)) continue;
    const { ms, bytes } = savingsOf(a);
    if (ms > 0 || bytes > 0) {
      opportunities.push({
        id: a.id,
        title: a.title,
        estimatedSavings: savingsText(a, ms, bytes),
        savingsMs: ms,
        savingsBytes: bytes,
        description: a.description,
        details: mapDetails(a.details),
      });
    } else {
      diagnostics.push({
        id: a.id,
        title: a.title,
        displayValue: a.displayValue ?? null,
        description: a.description,
        details: mapDetails(a.details),
      });
    }
  }
  opportunities.sort((x, y) => y.savingsMs - x.savingsMs || y.savingsBytes - x.savingsBytes);

  return {
    url: input.url,
    finalUrl: lhr.finalDisplayedUrl,
    strategy: input.strategy,
    timestamp: new Date(lhr.fetchTime).toISOString(),
    lighthouseVersion: lhr.lighthouseVersion,
    scores,
    pwa: input.pwa,
    metrics,
    opportunities,
    diagnostics,
  };
}
