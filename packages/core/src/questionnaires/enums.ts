/**
 * The questionnaire's enumerations (docs/questionnaire.md, "The four steps"), written once. Plain
 * arrays with no imports, so both the zod contract (contracts/questionnaires.ts) and the ElectroDB
 * entity (db/entities/questionnaire.ts) derive from them without pulling in each other's library.
 */
export const INDUSTRIES = [
  "restaurant",
  "retail",
  "healthcare",
  "professional",
  "fitness",
  "beauty",
  "construction",
  "technology",
  "education",
  "nonprofit",
  "other",
] as const;
export const WEBSITE_TYPES = ["business", "ecommerce", "portfolio", "blog"] as const;
export const DESIGN_STYLES = ["modern", "classic", "minimalist", "bold"] as const;
export const ADDITIONAL_SERVICES = [
  "seo",
  "social_media",
  "maintenance",
  "analytics",
  "security",
] as const;
export const TIMELINES = ["asap", "1-2-weeks", "3-4-weeks", "1-2-months", "flexible"] as const;
export const BUDGETS = ["0-250", "250-500", "500-1000", "1000+", "discuss"] as const;
export const CONTACT_PREFERENCES = ["email", "phone", "both"] as const;

export type Industry = (typeof INDUSTRIES)[number];
export type WebsiteType = (typeof WEBSITE_TYPES)[number];
export type DesignStyle = (typeof DESIGN_STYLES)[number];
export type AdditionalService = (typeof ADDITIONAL_SERVICES)[number];
export type Timeline = (typeof TIMELINES)[number];
export type Budget = (typeof BUDGETS)[number];
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/**
 * The default brand colours, written once: a new questionnaire's (the wizard's initial values
 * and placeholders, the stored default), and so a site's, which starts from its questionnaire's
 * answers (docs/decisions.md, "One pair of default colours").
 */
export const DEFAULT_PRIMARY_COLOR = "#3B82F6";
export const DEFAULT_SECONDARY_COLOR = "#8B5CF6";

/** A colour as the portal takes one (a questionnaire's answers, a site's settings): #RRGGBB. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
