/**
 * Analytics contracts (docs/analytics.md): the Google Analytics
 * tracking-ID connection, the page view the tracking snippet sends, and the aggregates the
 * analytics page shows. The server and the page share these, so each rule is written once.
 */
import { text } from "./text";
import * as z from "./zod";

// ── Google Analytics tracking ID ────────────────────────────────────────────────────────────

/**
 * The page's texts (docs/analytics.md, "The Analytics page"). The empty check happens in the page;
 * the format check only on the server.
 */
export const TRACKING_ID_TOASTS = {
  empty: {
    title: "Invalid Tracking ID",
    description: "Please enter a valid Google Analytics tracking ID.",
  },
  failed: {
    title: "Connection Failed",
    description: "Failed to connect Google Analytics. Please check your tracking ID.",
  },
} as const;

export const TRACKING_ID_FORMAT_MESSAGE =
  "Enter a GA4 measurement ID (G-XXXXXXXXXX) or a Universal Analytics ID (UA-XXXXXXXX-X)";

/** GA4 measurement IDs: "G-" and ten letters or digits. */
const GA4_ID = /^G-[A-Z0-9]{10}$/;
/** Universal Analytics property IDs: "UA-", the account number, "-", the property index. */
const UA_ID = /^UA-\d{4,10}-\d{1,4}$/;

/** Trimmed and upper-cased: Google prints these IDs in capitals, people paste them any way. */
export function normalizeTrackingId(value: string): string {
  return value.trim().toUpperCase();
}

export function isTrackingId(value: string): boolean {
  const id = normalizeTrackingId(value);
  return GA4_ID.test(id) || UA_ID.test(id);
}

/** POST /api/analytics/connect-ga: the server's rule (format checked, stored normalised). */
export const connectGaRequestSchema = z.object({
  trackingId: z.pipe(z.string(), z.transform(normalizeTrackingId)).check(
    z.refine((id) => id !== "", TRACKING_ID_TOASTS.empty.description),
    z.refine((id) => GA4_ID.test(id) || UA_ID.test(id), TRACKING_ID_FORMAT_MESSAGE),
  ),
});
export type ConnectGaRequest = z.input<typeof connectGaRequestSchema>;

/** GET /api/analytics/settings, and the answer of connect and disconnect. */
export const analyticsSettingsSchema = z.object({
  isConnected: z.boolean(),
  trackingId: z.nullable(z.string()),
  /**
   * Where customers' pages load the first-party tracking script from: the API's own origin,
   * as the request reached it, so the snippet is right wherever the API is deployed.
   */
  scriptUrl: z.string(),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

/**
 * The tag a customer adds to every page of a site (in <head>, or before </body>). The script
 * (GET /api/collect.js) sends page views to the API origin it was loaded from.
 */
export function trackingSnippet(scriptUrl: string, siteId: string): string {
  return `<script defer src="${scriptUrl}" data-site="${siteId}"></script>`;
}

// ── Page views (POST /api/collect, public) ──────────────────────────────────────────────────

/** Largest page-view body accepted, in bytes; the snippet's bodies are far smaller. */
export const MAX_PAGE_VIEW_BYTES = 2048;
export const MAX_PATH_LENGTH = 2048;

/** The snippet's screen width class (screen.width: < 600, < 1100, else desktop). */
export const SCREEN_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

export const DEVICE_TYPES = ["desktop", "mobile", "tablet"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What the tracking snippet sends: no cookie, no identifier, nothing about the person. */
export const pageViewSchema = z.object({
  /** The site's id, written into the snippet. */
  site: z.string().check(z.minLength(1), z.maxLength(64)),
  /** location.pathname; a query or fragment is cut off by the server, never stored. */
  path: text("Path", { trim: false }).check(
    z.minLength(1),
    z.maxLength(MAX_PATH_LENGTH, `Path must be at most ${MAX_PATH_LENGTH} characters`),
    z.startsWith("/", "Path must start with /"),
  ),
  /** The referring page's host name (a full URL is reduced to its host); "" for none. */
  referrer: z.optional(text("Referrer", { trim: false }).check(z.maxLength(MAX_PATH_LENGTH))),
  screen: z.optional(z.enum(SCREEN_CLASSES)),
});
export type PageView = z.infer<typeof pageViewSchema>;

export const pageViewResultSchema = z.object({
  counted: z.boolean(),
  /** Why a well-formed page view was not counted. */
  reason: z.optional(z.enum(["bot"])),
});
export type PageViewResult = z.infer<typeof pageViewResultSchema>;

// ── Aggregates (GET /api/analytics/data?site=&range=) ───────────────────────────────────────

export const ANALYTICS_RANGES = ["7d", "30d", "90d"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const RANGE_DAYS: Record<AnalyticsRange, number> = { "7d": 7, "30d": 30, "90d": 90 };
export const DEFAULT_RANGE: AnalyticsRange = "30d";

export const analyticsDataQuerySchema = z.object({
  site: z.string().check(z.minLength(1, "Choose a site")),
  range: z._default(z.enum(ANALYTICS_RANGES), DEFAULT_RANGE),
});

/** Country value for page views whose request carried no viewer-country header. */
export const UNKNOWN_COUNTRY = "unknown";
/** Stands in for pages and referrers once a day's item has no room for more distinct keys. */
export const OTHER_KEY = "(other)";

const count = z.number().check(z.int());
const countedKeySchema = z.object({ key: z.string(), count });
export type CountedKey = z.infer<typeof countedKeySchema>;

export const analyticsDataSchema = z.object({
  siteId: z.string(),
  range: z.enum(ANALYTICS_RANGES),
  /** First and last UTC day of the range (YYYY-MM-DD), today included. */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    /** Distinct visitors per day, added up over the range (a daily salted hash, no cookie). */
    visitors: count,
    pageViews: count,
    /** Of those daily visitors, the ones who viewed exactly one page that day. */
    singlePageVisitors: count,
  }),
  /** One entry per day of the range, oldest first, zero where nothing was counted. */
  daily: z.array(z.object({ day: z.string(), visitors: count, pageViews: count })),
  /**
   * Page views per path, most first (top 10), then "(other)" when some days had more distinct
   * paths than their item keeps apart (docs/analytics.md).
   */
  pages: z.array(countedKeySchema),
  /**
   * Page views per referring host, most first (top 10), then "(other)" as for pages. Direct and
   * internal visits have none.
   */
  referrers: z.array(countedKeySchema),
  /** Page views per ISO country code (or "unknown"), most first (top 10). */
  countries: z.array(countedKeySchema),
  /** Page views per device type, most first. Bots are never counted. */
  devices: z.array(countedKeySchema),
});
export type AnalyticsData = z.infer<typeof analyticsDataSchema>;
