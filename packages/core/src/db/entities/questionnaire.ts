/**
 * questionnaires (docs/data.md, docs/questionnaire.md): one per customer, requesting their first
 * site.
 */
import type { EntityItem } from "electrodb";
import {
  BUDGETS,
  CONTACT_PREFERENCES,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  DESIGN_STYLES,
  INDUSTRIES,
  TIMELINES,
  WEBSITE_TYPES,
} from "../../questionnaires/enums";
import { newId } from "../ids";
import {
  CASE_SENSITIVE,
  createdAt,
  type EntityOf,
  idFrom,
  lazyEntity,
  model,
  ownerIndex,
  stringList,
  updatedAt,
} from "./common";

export * from "../../questionnaires/enums";

export const Questionnaire = lazyEntity({
  model: model("questionnaire"),
  attributes: {
    questionnaireId: { type: "string", required: true, readOnly: true, default: newId },
    id: idFrom("questionnaireId"),
    userId: { type: "string", required: true, readOnly: true },
    businessName: { type: "string", required: true },
    industry: { type: INDUSTRIES, required: true },
    websiteType: { type: WEBSITE_TYPES, required: true },
    targetAudience: { type: "string" },
    businessGoals: { type: "string" },
    currentWebsite: { type: "string" },
    /** One competitor per line, as the form collects them. */
    competitors: { type: "string" },
    preferredColors: { type: "string" },
    primaryColor: { type: "string", required: true, default: DEFAULT_PRIMARY_COLOR },
    secondaryColor: { type: "string", required: true, default: DEFAULT_SECONDARY_COLOR },
    logoUrl: { type: "string" },
    designStyle: { type: DESIGN_STYLES },
    contentProvided: { type: "boolean", required: true, default: false },
    logoProvided: { type: "boolean", required: true, default: false },
    /** Ids from ADDITIONAL_SERVICES (a list of text; the contract checks the ids). */
    additionalServices: { ...stringList, required: true, default: () => [] },
    timeline: { type: TIMELINES },
    budget: { type: BUDGETS },
    specialRequirements: { type: "string" },
    contactPreference: { type: CONTACT_PREFERENCES, required: true, default: "email" },
    isCompleted: { type: "boolean", required: true, default: false },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: ownerIndex(["questionnaireId"]),
    /** The staff's new requests: every customer's questionnaire by when it was first stored. */
    bySubmission: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: [], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: ["createdAt"], casing: CASE_SENSITIVE },
    },
  },
});

export type QuestionnaireItem = EntityItem<EntityOf<typeof Questionnaire>>;
