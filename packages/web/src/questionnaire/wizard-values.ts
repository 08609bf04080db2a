/**
 * The wizard's form values: the shared schema's input, except that the two required choices
 * start empty (nothing chosen yet), and how a saved draft is read back into them.
 */
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  type Industry,
  QUESTIONNAIRE_FIELD_STEPS,
  type QuestionnaireFormValues,
  type WebsiteType,
} from "@portal/core/contracts/questionnaires";

export type WizardValues = Omit<QuestionnaireFormValues, "industry" | "websiteType"> & {
  industry: Industry | "";
  websiteType: WebsiteType | "";
};

export type WizardField = keyof WizardValues;

export const TOTAL_STEPS = 4;

export const STEP_TITLES = [
  "Business Information",
  "Goals & Competition",
  "Design Preferences",
  "Additional Services & Timeline",
] as const;

export const EMPTY_VALUES: WizardValues = {
  businessName: "",
  industry: "",
  websiteType: "",
  targetAudience: "",
  businessGoals: "",
  currentWebsite: "",
  competitors: "",
  preferredColors: "",
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  designStyle: "",
  contentProvided: false,
  logoProvided: false,
  additionalServices: [],
  timeline: "",
  budget: "",
  specialRequirements: "",
  contactPreference: "email",
};

/**
 * A draft from storage over the empty form, field by field and only where the stored value has
 * the field's type: a draft written by an older version of the form must not break this one.
 * Values outside the lists are kept: the schema names them on submit.
 */
export function restoreValues(saved: Record<string, unknown> | undefined): WizardValues {
  const values: Record<string, unknown> = { ...EMPTY_VALUES };
  if (!saved) return values as WizardValues;
  for (const [field, empty] of Object.entries(EMPTY_VALUES)) {
    const stored = saved[field];
    if (Array.isArray(empty)) {
      if (Array.isArray(stored) && stored.every((item) => typeof item === "string")) {
        values[field] = stored;
      }
    } else if (typeof stored === typeof empty) {
      values[field] = stored;
    }
  }
  return values as WizardValues;
}

/** The step holding the first of these fields (in wizard order), or null. */
export function firstStepWithError(fields: readonly string[]): number | null {
  let first: number | null = null;
  for (const path of fields) {
    const name = path.split(".")[0] as keyof typeof QUESTIONNAIRE_FIELD_STEPS;
    const step = QUESTIONNAIRE_FIELD_STEPS[name];
    if (step !== undefined && (first === null || step < first)) first = step;
  }
  return first;
}
