/**
 * The website questionnaire (docs/questionnaire.md): the one schema the
 * wizard validates with and POST /api/questionnaires checks, and the answers of
 * GET /api/questionnaires/me and GET /api/questionnaire (the same route at two paths).
 */
import {
  ADDITIONAL_SERVICES,
  BUDGETS,
  CONTACT_PREFERENCES,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  DESIGN_STYLES,
  HEX_COLOR,
  INDUSTRIES,
  TIMELINES,
  WEBSITE_TYPES,
} from "../questionnaires/enums";
import { text } from "./text";
import * as z from "./zod";

// The enumerations and colour defaults live in questionnaires/enums.ts, shared with the entity.
export * from "../questionnaires/enums";

/**
 * Length limits (docs/questionnaire.md, "What the server accepts"): a name or a short answer fits
 * in 200 characters, a URL in 500, a paragraph in 2000. They keep one answer from filling the 400
 * KB item.
 */
export const SHORT_TEXT_MAX = 200;
export const URL_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 2000;

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === "string" && input.trim() === "");

/**
 * A free-text answer: trimmed, text only (contracts/text.ts), at most `max` characters, absent
 * when blank. Paragraph answers may span lines; short ones are one line.
 */
function optionalText(label: string, max: number, multiline = max > SHORT_TEXT_MAX) {
  return z.pipe(
    z.optional(
      text(label, { multiline }).check(
        z.maxLength(max, `${label} must be ${max} characters or fewer`),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  );
}

/** A required choice: its own message when nothing was chosen, another for a value not offered. */
function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  missing: string,
  unknown: string,
) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? missing : unknown) });
}

/** An optional choice: radios and selects left empty send "" (or nothing), which means absent. */
function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  unknown: string,
) {
  return z.pipe(
    z.optional(z.union([z.enum(values, { error: unknown }), z.literal("")], { error: unknown })),
    z.transform((value) => (value ? value : undefined)),
  );
}

function hexColor(label: string, fallback: string) {
  return z._default(
    z.pipe(
      z
        .string({ error: `${label} must be a hex colour like ${fallback}` })
        .check(z.trim(), z.regex(HEX_COLOR, `${label} must be a hex colour like ${fallback}`)),
      z.transform((value) => value.toUpperCase()),
    ),
    fallback,
  );
}

/**
 * The questionnaire as the wizard sends it. The client form has no userId or logoUrl
 * (docs/questionnaire.md, "What the server accepts"); the submit adds userId and isCompleted true,
 * which the server ignores: the owner is the verified caller and a submitted questionnaire is
 * complete by definition. Unknown keys are dropped.
 */
export const questionnaireInputSchema = z.object({
  businessName: text("Business name", { error: "Business name is required" }).check(
    z.minLength(1, "Business name is required"),
    z.maxLength(SHORT_TEXT_MAX, `Business name must be ${SHORT_TEXT_MAX} characters or fewer`),
  ),
  industry: requiredChoice(
    INDUSTRIES,
    "Please select an industry",
    "Please select an industry from the list",
  ),
  websiteType: requiredChoice(
    WEBSITE_TYPES,
    "Please select a website type",
    "Please select a website type from the list",
  ),
  targetAudience: optionalText("Target audience", LONG_TEXT_MAX),
  businessGoals: optionalText("Business goals", LONG_TEXT_MAX),
  currentWebsite: optionalText("Current website", URL_TEXT_MAX, false),
  /** One competitor per line; blank lines and stray spaces are dropped. */
  competitors: z.pipe(
    optionalText("Competitor websites", LONG_TEXT_MAX),
    z.transform((value) => {
      const lines = value
        ?.split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      return lines?.length ? lines.join("\n") : undefined;
    }),
  ),
  preferredColors: optionalText("Preferred colors", SHORT_TEXT_MAX),
  primaryColor: hexColor("Primary color", DEFAULT_PRIMARY_COLOR),
  secondaryColor: hexColor("Secondary color", DEFAULT_SECONDARY_COLOR),
  designStyle: optionalChoice(DESIGN_STYLES, "Please select a design style from the list"),
  contentProvided: z._default(z.boolean({ error: "Must be true or false" }), false),
  logoProvided: z._default(z.boolean({ error: "Must be true or false" }), false),
  additionalServices: z.pipe(
    z._default(
      z
        .array(z.enum(ADDITIONAL_SERVICES, { error: "Please select services from the list" }), {
          error: "Please select services from the list",
        })
        .check(z.maxLength(ADDITIONAL_SERVICES.length, "Please select services from the list")),
      [],
    ),
    z.transform((ids) => [...new Set(ids)]),
  ),
  timeline: optionalChoice(TIMELINES, "Please select a timeline from the list"),
  budget: optionalChoice(BUDGETS, "Please select a budget from the list"),
  specialRequirements: optionalText("Special requirements", LONG_TEXT_MAX),
  contactPreference: z._default(
    z.enum(CONTACT_PREFERENCES, { error: "Please select a contact method from the list" }),
    "email",
  ),
});

/** What the form holds (before defaults and trimming). */
export type QuestionnaireFormValues = z.input<typeof questionnaireInputSchema>;
/** What the server stores. */
export type QuestionnaireInput = z.output<typeof questionnaireInputSchema>;

/** Field → wizard step (1-4): the wizard opens the first step with an error after a refused submit. */
export const QUESTIONNAIRE_FIELD_STEPS: Record<keyof QuestionnaireInput, 1 | 2 | 3 | 4> = {
  businessName: 1,
  industry: 1,
  websiteType: 1,
  targetAudience: 1,
  businessGoals: 2,
  currentWebsite: 2,
  competitors: 2,
  preferredColors: 3,
  primaryColor: 3,
  secondaryColor: 3,
  designStyle: 3,
  contentProvided: 3,
  logoProvided: 3,
  additionalServices: 4,
  timeline: 4,
  budget: 4,
  specialRequirements: 4,
  contactPreference: 4,
};

/** A stored questionnaire as the API answers it: absent answers are null. */
export const questionnaireSchema = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  industry: z.enum(INDUSTRIES),
  websiteType: z.enum(WEBSITE_TYPES),
  targetAudience: z.nullable(z.string()),
  businessGoals: z.nullable(z.string()),
  currentWebsite: z.nullable(z.string()),
  competitors: z.nullable(z.string()),
  preferredColors: z.nullable(z.string()),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  logoUrl: z.nullable(z.string()),
  designStyle: z.nullable(z.enum(DESIGN_STYLES)),
  contentProvided: z.boolean(),
  logoProvided: z.boolean(),
  additionalServices: z.array(z.string()),
  timeline: z.nullable(z.enum(TIMELINES)),
  budget: z.nullable(z.enum(BUDGETS)),
  specialRequirements: z.nullable(z.string()),
  contactPreference: z.enum(CONTACT_PREFERENCES),
  isCompleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/**
 * GET /api/questionnaires/me and GET /api/questionnaire: one route record and handler answering
 * both paths (docs/decisions.md, "Two paths for the questionnaire read").
 */
export const questionnaireStatusSchema = z.object({
  isCompleted: z.boolean(),
  questionnaire: z.nullable(questionnaireSchema),
});
export type QuestionnaireStatus = z.infer<typeof questionnaireStatusSchema>;

/**
 * POST /api/questionnaires: 201 when this submit created the questionnaire, 200 when it was
 * already there (a double submit); `siteId` is the site the questionnaire requested.
 */
export const submitQuestionnaireResponseSchema = z.extend(questionnaireStatusSchema, {
  questionnaire: questionnaireSchema,
  siteId: z.string(),
});
export type SubmitQuestionnaireResponse = z.infer<typeof submitQuestionnaireResponseSchema>;
