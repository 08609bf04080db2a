/**
 * Site API contracts (docs/sites.md). The handlers validate with these and the web forms use the
 * same schemas, so a field is named and checked once.
 */
import { UPSELL_WORK_STATUSES } from "../billing/enums";
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, HEX_COLOR } from "../questionnaires/enums";
import { DOMAIN_STATUSES, SITE_CATEGORIES, SITE_STATUSES, type SiteCategory } from "../sites/enums";
import { siteReviewStateSchema } from "./review";
import { text } from "./text";
import * as z from "./zod";

// The enumerations live in sites/enums.ts, shared with the entity.
export type { DomainStatus, SiteCategory } from "../sites/enums";
export { DOMAIN_STATUSES, SITE_CATEGORIES } from "../sites/enums";

/** Display labels for the Category select. */
export const SITE_CATEGORY_LABELS: Record<SiteCategory, string> = {
  business: "Business",
  ecommerce: "E-commerce",
  portfolio: "Portfolio",
  blog: "Blog",
  restaurant: "Restaurant",
  nonprofit: "Non-profit",
  healthcare: "Healthcare",
  education: "Education",
  other: "Other",
};

/**
 * A site's colours when it has none stored: the questionnaire's defaults, which a site requested
 * from the questionnaire starts with, in the lower case sites keep (docs/decisions.md, "One pair
 * of default colours").
 */
export const SITE_DEFAULT_COLORS = {
  primary: DEFAULT_PRIMARY_COLOR.toLowerCase(),
  secondary: DEFAULT_SECONDARY_COLOR.toLowerCase(),
} as const;

export const SITE_MESSAGES = {
  nameRequired: "Site name is required",
  nameTooLong: "Site name must be at most 100 characters",
  descriptionTooLong: "Description must be at most 1000 characters",
  category: "Choose one of the listed categories",
  color: `Enter a colour as #rrggbb, for example ${SITE_DEFAULT_COLORS.primary}`,
  httpsUrl: "Enter an https:// URL",
  urlTooLong: "URL must be at most 2048 characters",
  domainRequired: "Please enter a domain first",
} as const;

const colorSchema = z.pipe(
  z.string().check(z.trim(), z.regex(HEX_COLOR, SITE_MESSAGES.color)),
  z.transform((c) => c.toLowerCase()),
);

/**
 * Logo and favicon: empty (none) or an absolute https URL. Only https: the site's pages load
 * them, and a javascript:, data: or http: value would be a script or mixed-content hole.
 */
export const optionalHttpsUrlSchema = text("URL").check(
  z.maxLength(2048, SITE_MESSAGES.urlTooLong),
  z.refine((value) => value === "" || isHttpsUrl(value), SITE_MESSAGES.httpsUrl),
);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The settings form as a whole (every field present): what the Site Settings page edits and
 * what Save Changes sends. `customDomain` is the domain currently held ("" for none).
 */
export const siteSettingsSchema = z.strictObject({
  name: text("Site name").check(
    z.minLength(1, SITE_MESSAGES.nameRequired),
    z.maxLength(100, SITE_MESSAGES.nameTooLong),
  ),
  description: text("Description", { multiline: true }).check(
    z.maxLength(1000, SITE_MESSAGES.descriptionTooLong),
  ),
  category: z.enum(SITE_CATEGORIES, { error: SITE_MESSAGES.category }),
  primaryColor: colorSchema,
  secondaryColor: colorSchema,
  logoUrl: optionalHttpsUrlSchema,
  faviconUrl: optionalHttpsUrlSchema,
  customDomain: text("Domain").check(z.maxLength(253)),
  sslEnabled: z.boolean(),
  analyticsEnabled: z.boolean(),
  seoEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/**
 * PATCH /api/sites/{id}: any subset of the settings fields. Strict: a body carrying anything
 * else (status, liveUrl, userId…) is refused as a whole, not partly stored.
 */
export const siteUpdateSchema = z.partial(siteSettingsSchema);
export type SiteUpdate = z.output<typeof siteUpdateSchema>;

export const dnsRecordSchema = z.object({
  /** CNAME and A point the name at us; TXT proves the customer controls it (docs/domains.md). */
  type: z.enum(["CNAME", "A", "TXT"]),
  /** Relative to the customer's zone: "@" (the apex), "www", or a sub-domain label. */
  name: z.string(),
  value: z.string(),
  /** The full name to look up. */
  host: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** A site as every page reads it (GET /api/sites items, PATCH answer). */
export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  status: z.enum(SITE_STATUSES),
  url: z.nullable(z.string()),
  liveUrl: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
  /** A presigned GET URL valid for 15 minutes, or null when no screenshot exists yet. */
  screenshotUrl: z.nullable(z.string()),
  lastScreenshotUpdate: z.nullable(z.string()),
  performanceScore: z.nullable(z.number().check(z.int())),
  /**
   * The stored category, else one derived from the questionnaire's industry/websiteType
   * (see sites/view.ts), else null.
   */
  category: z.nullable(z.enum(SITE_CATEGORIES)),
  customDomain: z.nullable(z.string()),
  /** null without a custom domain; `pending` until its DNS records verify, then `active`. */
  domainStatus: z.nullable(z.enum(DOMAIN_STATUSES)),
  domainVerified: z.boolean(),
  /**
   * While the domain is pending: when its claim lapses unless verified (ISO time). After it,
   * another customer may take the domain and Verify Domain refuses; adding it again starts
   * over with a new TXT token. Null without a domain and once verified.
   */
  domainClaimExpiresAt: z.nullable(z.string()),
  /** The records the custom domain needs (docs/domains.md); empty without one. */
  dnsRecords: z.array(dnsRecordSchema),
  /**
   * The verified domain's certificate on the hosting, in words (docs/hosting.md "Custom domains
   * over HTTPS"); null without a verified domain or before it is attached.
   */
  certificate: z.nullable(
    z.object({
      state: z.enum(["waiting_dns", "issuing", "active", "failed"]),
      message: z.string(),
    }),
  ),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logoUrl: z.nullable(z.string()),
  faviconUrl: z.nullable(z.string()),
  sslEnabled: z.boolean(),
  analyticsEnabled: z.boolean(),
  seoEnabled: z.boolean(),
  /** The SEO performance package bought for this site and the team's progress; null: not bought. */
  seoPackage: z.nullable(z.enum(UPSELL_WORK_STATUSES)),
  maintenanceMode: z.boolean(),
  /**
   * When the site was taken offline because the subscription ended (ISO), or null. It is
   * deleted at the user's `sitesDeleteAfter` unless they subscribe again (docs/billing.md).
   */
  suspendedAt: z.nullable(z.string()),
  /**
   * Host name for the SEO / Performance quick-select ("Site list item for quick select: id,
   * name, url, domain"): the custom domain, else the host of liveUrl, else of url.
   */
  domain: z.nullable(z.string()),
  /** The draft's review (docs/sites.md, "Review and approval"): null before the first round. */
  review: siteReviewStateSchema,
  /** The hosted deployment the site serves and when it was published (docs/hosting.md); null when none. */
  liveVersion: z.nullable(z.object({ deploymentId: z.string(), publishedAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteListSchema = z.array(siteSchema);

/** Path parameters of /api/sites/{id}/…; garbage ids become a 404 in core, not a 400. */
export const siteIdParamsSchema = z.object({ id: z.string() });

/** POST /api/sites/{id}/domain */
export const addDomainSchema = z.strictObject({
  domain: text("Domain").check(z.minLength(1, SITE_MESSAGES.domainRequired), z.maxLength(253)),
});

export const addDomainResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  domain: z.string(),
  records: z.array(dnsRecordSchema),
  site: siteSchema,
});
export type AddDomainResponse = z.infer<typeof addDomainResponseSchema>;

/** POST /api/sites/{id}/verify-domain */
export const verifyDomainResponseSchema = z.object({
  verified: z.boolean(),
  domain: z.string(),
  records: z.array(dnsRecordSchema),
  /** Per record: what DNS answered (empty when nothing). */
  checks: z.array(
    z.object({
      type: z.enum(["CNAME", "A", "TXT"]),
      host: z.string(),
      expected: z.string(),
      found: z.array(z.string()),
      ok: z.boolean(),
    }),
  ),
  site: siteSchema,
});
export type VerifyDomainResponse = z.infer<typeof verifyDomainResponseSchema>;

/** POST /api/sites/refresh-screenshots (docs/sites.md, "Previews"). */
export const refreshScreenshotsResponseSchema = z.object({
  success: z.boolean(),
  /** Sites whose screenshot job was queued (sites without any URL are skipped). */
  refreshedCount: z.number().check(z.int()),
  message: z.string(),
});
export type RefreshScreenshotsResponse = z.infer<typeof refreshScreenshotsResponseSchema>;

/** POST /api/sites/{id}/screenshot */
export const refreshScreenshotResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type RefreshScreenshotResponse = z.infer<typeof refreshScreenshotResponseSchema>;
