/**
 * The SEO and Lighthouse job routes (docs/tools.md, "Runs are jobs": queued jobs the page
 * polls): what POST /api/{seo,lighthouse}/analyze accept, and the job both answer with,
 * as do GET /api/{seo,lighthouse}/results. Browser-safe: the pages import it too.
 */
import { JOB_STATUSES } from "../audits/enums";
import { auditStrategySchema, lighthouseResultSchema, seoResultSchema } from "./audits";
import { textCheck } from "./text";
import * as z from "./zod";

export const AUDIT_URL_MESSAGES = {
  /** The pages' own check, before anything is sent (docs/tools.md). */
  required: "Please enter a valid website URL to analyze.",
  invalid: "Enter a valid website address, such as https://example.com",
  scheme: "Only http:// and https:// addresses can be analyzed",
  credentials: "Addresses with a user name or password cannot be analyzed",
  hostname: "Enter a real host name, such as example.com",
  reserved: "This host name is reserved and cannot be reached on the internet",
  tooLong: "The address must be at most 2048 characters",
  siteId: "Unknown site",
} as const;

const MAX_URL_LENGTH = 2048;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level domain can only be letters, or an internationalised one in punycode. */
const TLD = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const DOTTED_IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** Special-use names (RFC 6761, 6762, 7686) that no public DNS answers for. */
const RESERVED_TLDS = new Set(["test", "localhost", "invalid", "example", "local", "onion"]);

type UrlCheck = { url: string } | { error: string };

/**
 * A customer's input → the one spelling we queue, store and compare: https:// added when no
 * scheme is typed ("example.com"), the host lower-cased and punycoded, default ports, the
 * fragment and a trailing dot dropped, an empty path written "/". Refuses other schemes,
 * credentials and hosts that are not a dotted name under a plausible top-level domain or an IP
 * address. Where the host points (private addresses) is the worker's outbound guard's job.
 */
export function normalizeAuditUrl(input: string): UrlCheck {
  const text = input.trim();
  if (!text) return { error: AUDIT_URL_MESSAGES.required };
  if (text.length > MAX_URL_LENGTH) return { error: AUDIT_URL_MESSAGES.tooLong };
  const hasScheme =
    /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `https://${text}`);
  } catch {
    return { error: AUDIT_URL_MESSAGES.invalid };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { error: AUDIT_URL_MESSAGES.scheme };
  }
  if (url.username || url.password) return { error: AUDIT_URL_MESSAGES.credentials };

  let host = url.hostname;
  if (host.endsWith(".")) host = host.slice(0, -1);
  const isIpv6 = host.startsWith("[") && host.endsWith("]");
  // The URL parser has already turned 0x7f.1 and 2130706433 into dotted IPv4.
  const isIpv4 = DOTTED_IPV4.test(host);
  if (!isIpv6 && !isIpv4) {
    const labels = host.split(".");
    if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
      return { error: AUDIT_URL_MESSAGES.hostname };
    }
    const tld = labels.at(-1) ?? "";
    if (!TLD.test(tld)) return { error: AUDIT_URL_MESSAGES.hostname };
    if (RESERVED_TLDS.has(tld)) return { error: AUDIT_URL_MESSAGES.reserved };
  }
  url.hostname = host;
  url.hash = "";
  return { url: url.href };
}

export const auditUrlSchema = z.pipe(
  z.string().check(z.superRefine(textCheck("The address"))),
  z.transform((input, ctx) => {
    const checked = normalizeAuditUrl(input);
    if ("error" in checked) {
      ctx.issues.push({ code: "custom", message: checked.error, input });
      return z.NEVER;
    }
    return checked.url;
  }),
);

/** One of the caller's sites, when the URL came from the quick-select list. */
const siteIdSchema = z.optional(
  z.string().check(z.regex(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/, AUDIT_URL_MESSAGES.siteId)),
);

/** POST /api/seo/analyze: a URL, optionally one of the caller's sites. */
export const seoAnalyzeRequestSchema = z.object({
  url: auditUrlSchema,
  siteId: siteIdSchema,
});
export type SeoAnalyzeRequest = z.input<typeof seoAnalyzeRequestSchema>;

/** POST /api/lighthouse/analyze: a URL and a strategy, mobile (the default) or desktop. */
export const lighthouseAnalyzeRequestSchema = z.object({
  url: auditUrlSchema,
  strategy: z._default(auditStrategySchema, "mobile"),
  siteId: siteIdSchema,
});
export type LighthouseAnalyzeRequest = z.input<typeof lighthouseAnalyzeRequestSchema>;

export const auditJobStatusSchema = z.enum(JOB_STATUSES);
export type AuditJobStatus = z.infer<typeof auditJobStatusSchema>;
export { IN_FLIGHT_STATUSES } from "../audits/enums";

const jobFields = {
  id: z.string(),
  /** The URL as asked for, normalised (the result's url is where the page ended up). */
  url: z.string(),
  siteId: z.nullable(z.string()),
  status: auditJobStatusSchema,
  /** Why the run failed, in words the page can show; null unless failed. */
  error: z.nullable(z.string()),
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
};

/** An SEO run: the job, and its result once done. */
export const seoJobSchema = z.object({
  ...jobFields,
  kind: z.literal("seo"),
  result: z.nullable(seoResultSchema),
});
export type SeoJob = z.infer<typeof seoJobSchema>;

/** A Lighthouse run: the job, and its result once done. */
export const lighthouseJobSchema = z.object({
  ...jobFields,
  kind: z.literal("lighthouse"),
  strategy: auditStrategySchema,
  result: z.nullable(lighthouseResultSchema),
});
export type LighthouseJob = z.infer<typeof lighthouseJobSchema>;

/**
 * A Lighthouse run as a page reads it: a stored run whose result does not fit (no scores) is
 * kept with result null, so the page can say 'Analysis Error' for that run alone.
 */
export const storedLighthouseJobSchema = z.pipe(
  z.transform((raw: unknown) =>
    lighthouseJobSchema.safeParse(raw).success || typeof raw !== "object" || raw === null
      ? raw
      : { ...raw, result: null },
  ),
  lighthouseJobSchema,
);

/** GET /api/seo/results: the caller's runs, newest first, whatever their status. */
export const seoJobListSchema = z.array(seoJobSchema);
/** GET /api/lighthouse/results: the caller's runs, newest first, whatever their status. */
export const lighthouseJobListSchema = z.array(storedLighthouseJobSchema);
