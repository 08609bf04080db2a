import { describe, expect, it } from "vitest";
import { planIdForName, plans, priceForPlanName, pricingFeatures, REPORT_FEATURES } from "./plans";

describe("priceForPlanName", () => {
  it.each([
    ["Professional", 99],
    ["professional", 99],
    ["PROFESSIONAL", 99],
    ["pro", 99],
    ["Pro", 99],
    ["Enterprise", 199],
    ["enterprise", 199],
    ["Starter", 49],
    ["starter", 49],
    ["", 49],
    ["gold", 49],
    ["nosubscription", 49],
  ])("%s costs $%i a month", (name, price) => {
    expect(priceForPlanName(name)).toBe(price);
  });

  it("agrees with the plan list", () => {
    for (const plan of plans) expect(priceForPlanName(plan.name)).toBe(plan.price);
  });
});

describe("planIdForName", () => {
  it("maps display names and 'pro' to the stored ids", () => {
    expect(planIdForName("Starter")).toBe("starter");
    expect(planIdForName(" professional ")).toBe("pro");
    expect(planIdForName("pro")).toBe("pro");
    expect(planIdForName("ENTERPRISE")).toBe("enterprise");
    expect(planIdForName("platinum")).toBeUndefined();
  });
});

describe("plans", () => {
  it("are Starter $49, Professional $99 (most popular) and Enterprise $199", () => {
    expect(plans.map((p) => [p.id, p.name, p.price, p.popular])).toEqual([
      ["starter", "Starter", 49, false],
      ["pro", "Professional", 99, true],
      ["enterprise", "Enterprise", 199, false],
    ]);
  });
});

describe("plan descriptions", () => {
  it("give each plan one line of its own", () => {
    const descriptions = plans.map((plan) => plan.description);
    for (const line of descriptions) expect(line).toMatch(/^\S.{19,99}\.$/);
    expect(new Set(descriptions).size).toBe(plans.length);
  });
});

describe("pricingFeatures", () => {
  it("opens each card with the plan's website allowance", () => {
    expect(plans.map((plan) => pricingFeatures(plan)[0])).toEqual([
      "1 website",
      "3 websites",
      "Unlimited websites",
    ]);
  });

  it("closes each card with what the plan gets of the monthly report", () => {
    expect(plans.map((plan) => [plan.id, plan.report])).toEqual([
      ["starter", "headline"],
      ["pro", "headline"],
      ["enterprise", "full"],
    ]);
    for (const plan of plans) {
      expect(pricingFeatures(plan).at(-1)).toBe(REPORT_FEATURES[plan.report]);
    }
  });
});

describe("plan facts in words", () => {
  it("names the plans, the full report's plans and what Pro adds from the plans themselves", async () => {
    const { PLAN_NAMES_IN_WORDS, plansWithReport, planInOnePhrase, planById } = await import(
      "./plans"
    );
    expect(PLAN_NAMES_IN_WORDS).toBe("Starter, Professional or Enterprise");
    expect(plansWithReport("full")).toBe("Enterprise");
    expect(plansWithReport("headline")).toBe("Starter or Professional");
    const pro = planById("pro");
    if (!pro) throw new Error("no pro plan");
    expect(planInOnePhrase(pro)).toBe(
      "3 websites, advanced analytics, priority support, weekly updates and SEO optimization included",
    );
  });
});
