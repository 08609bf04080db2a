import { describe, expect, it } from "vitest";
import * as Entity from "../db/entities/questionnaire";
import {
  ADDITIONAL_SERVICES,
  BUDGETS,
  CONTACT_PREFERENCES,
  DESIGN_STYLES,
  INDUSTRIES,
  LONG_TEXT_MAX,
  QUESTIONNAIRE_FIELD_STEPS,
  questionnaireInputSchema,
  TIMELINES,
  WEBSITE_TYPES,
} from "./questionnaires";

const minimal = { businessName: "Ada's Bakery", industry: "restaurant", websiteType: "business" };

function fieldErrors(input: unknown): Record<string, string> {
  const parsed = questionnaireInputSchema.safeParse(input);
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

describe("questionnaireInputSchema", () => {
  it("accepts the three required answers and fills in the defaults", () => {
    expect(questionnaireInputSchema.parse(minimal)).toEqual({
      businessName: "Ada's Bakery",
      industry: "restaurant",
      websiteType: "business",
      primaryColor: "#3B82F6",
      secondaryColor: "#8B5CF6",
      contentProvided: false,
      logoProvided: false,
      additionalServices: [],
      contactPreference: "email",
    });
  });

  it("names each missing required field", () => {
    expect(fieldErrors({})).toEqual({
      businessName: "Business name is required",
      industry: "Please select an industry",
      websiteType: "Please select a website type",
    });
    // What an untouched form sends: empty strings.
    expect(fieldErrors({ businessName: "   ", industry: "", websiteType: "" })).toEqual({
      businessName: "Business name is required",
      industry: "Please select an industry",
      websiteType: "Please select a website type",
    });
  });

  it("refuses a value outside every enumeration", () => {
    expect(
      fieldErrors({
        ...minimal,
        industry: "casino",
        websiteType: "forum",
        designStyle: "grunge",
        additionalServices: ["seo", "spam"],
        timeline: "yesterday",
        budget: "a million",
        contactPreference: "fax",
      }),
    ).toEqual({
      industry: "Please select an industry from the list",
      websiteType: "Please select a website type from the list",
      designStyle: "Please select a design style from the list",
      "additionalServices.1": "Please select services from the list",
      timeline: "Please select a timeline from the list",
      budget: "Please select a budget from the list",
      contactPreference: "Please select a contact method from the list",
    });
  });

  it("accepts every listed value of every enumeration", () => {
    for (const industry of INDUSTRIES) {
      expect(questionnaireInputSchema.safeParse({ ...minimal, industry }).success).toBe(true);
    }
    for (const websiteType of WEBSITE_TYPES) {
      expect(questionnaireInputSchema.safeParse({ ...minimal, websiteType }).success).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      const input = {
        ...minimal,
        designStyle: DESIGN_STYLES[i % DESIGN_STYLES.length],
        timeline: TIMELINES[i],
        budget: BUDGETS[i],
        contactPreference: CONTACT_PREFERENCES[i % CONTACT_PREFERENCES.length],
        additionalServices: [...ADDITIONAL_SERVICES],
      };
      expect(questionnaireInputSchema.safeParse(input).success).toBe(true);
    }
  });

  it("takes colours only as #RRGGBB and stores them upper-case", () => {
    expect(fieldErrors({ ...minimal, primaryColor: "blue", secondaryColor: "#12345" })).toEqual({
      primaryColor: "Primary color must be a hex colour like #3B82F6",
      secondaryColor: "Secondary color must be a hex colour like #8B5CF6",
    });
    expect(
      questionnaireInputSchema.parse({ ...minimal, primaryColor: "#a1b2c3" }).primaryColor,
    ).toBe("#A1B2C3");
  });

  it("limits text lengths with a message per field", () => {
    expect(fieldErrors({ ...minimal, businessName: "x".repeat(201) })).toEqual({
      businessName: "Business name must be 200 characters or fewer",
    });
    expect(fieldErrors({ ...minimal, specialRequirements: "x".repeat(100_000) })).toEqual({
      specialRequirements: `Special requirements must be ${LONG_TEXT_MAX} characters or fewer`,
    });
    expect(
      questionnaireInputSchema.safeParse({ ...minimal, businessGoals: "x".repeat(LONG_TEXT_MAX) })
        .success,
    ).toBe(true);
  });

  it("drops blank answers, the unused userId and isCompleted, and tidies competitor lines", () => {
    const parsed = questionnaireInputSchema.parse({
      ...minimal,
      userId: "user_someone_else",
      isCompleted: false,
      targetAudience: "  ",
      designStyle: "",
      timeline: "",
      competitors: " a.example \r\n\n  b.example\n",
      additionalServices: ["seo", "seo", "analytics"],
    });
    expect(parsed).not.toHaveProperty("userId");
    expect(parsed).not.toHaveProperty("isCompleted");
    expect(parsed.targetAudience).toBeUndefined();
    expect(parsed.designStyle).toBeUndefined();
    expect(parsed.timeline).toBeUndefined();
    expect(parsed.competitors).toBe("a.example\nb.example");
    expect(parsed.additionalServices).toEqual(["seo", "analytics"]);
  });

  it("lists the same enumerations the stored entity accepts", () => {
    expect(INDUSTRIES).toEqual(Entity.INDUSTRIES);
    expect(WEBSITE_TYPES).toEqual(Entity.WEBSITE_TYPES);
    expect(DESIGN_STYLES).toEqual(Entity.DESIGN_STYLES);
    expect(ADDITIONAL_SERVICES).toEqual(Entity.ADDITIONAL_SERVICES);
    expect(TIMELINES).toEqual(Entity.TIMELINES);
    expect(BUDGETS).toEqual(Entity.BUDGETS);
    expect(CONTACT_PREFERENCES).toEqual(Entity.CONTACT_PREFERENCES);
  });

  it("places every field on a wizard step", () => {
    expect(Object.keys(QUESTIONNAIRE_FIELD_STEPS).sort()).toEqual(
      Object.keys(questionnaireInputSchema.shape).sort(),
    );
  });
});
