/**
 * The three plans as the portal shows and sells them. Monthly subscriptions at the same price
 * everywhere (docs/pricing.md; docs/decisions.md, "Plans are monthly subscriptions").
 */
import { midSentence, wordList } from "../word-list";
import type { ReportLevel } from "./reports";
import type { PlanId } from "./users";

export type PlanName = "Starter" | "Professional" | "Enterprise";

export interface Plan {
  id: PlanId;
  /** The name shown on the sales page and sent to the server (create-subscription planName). */
  name: PlanName;
  /** The name on the pricing page's card ('Pro' for Professional: docs/pricing.md, "Names"). */
  pricingName: string;
  /** USD per month. */
  price: number;
  /** One line under the name on every plan card: who the plan is for (docs/pricing.md). */
  description: string;
  /**
   * How many websites the plan includes (docs/decisions.md, "Website allowance"); Infinity for
   * unlimited. The pricing card's first line and the allowance check both read it.
   */
  websites: number;
  /**
   * How much the customer's uploaded content may take in all (docs/content.md, "Quota"), in
   * bytes; the upload check and the Content section's gauge both read it.
   */
  storageBytes: number;
  /** Pricing page copy (monthly plan), after the line naming `websites`. */
  features: readonly string[];
  /** Sales page copy: what the built website includes. */
  siteFeatures: readonly string[];
  popular: boolean;
  /**
   * How much of the monthly care report the plan gets (docs/reports.md, "What each plan gets"):
   * "full" = the report page and its PDF; "headline" = the headline figures, in the monthly mail
   * and on the page. The pricing card states it through REPORT_FEATURES.
   */
  report: ReportLevel;
}

const GIGABYTE = 1024 ** 3;
/** The pricing card's line for each report level: the one place these words live. */
export const REPORT_FEATURES: Record<ReportLevel, string> = {
  full: "Full monthly care report, on the web and as a PDF",
  headline: "Monthly report mail with the headline figures",
};

export const plans = [
  {
    id: "starter",
    name: "Starter",
    pricingName: "Starter",
    price: 49,
    description: "For a small business getting its first website online.",
    websites: 1,
    storageBytes: 1 * GIGABYTE,
    features: ["Basic performance monitoring", "Email support", "Monthly updates"],
    siteFeatures: [
      "5-page website",
      "Mobile-responsive design",
      "Basic SEO",
      "Contact form",
      "1 month support",
      "Basic analytics",
    ],
    popular: false,
    report: "headline",
  },
  {
    id: "pro",
    name: "Professional",
    pricingName: "Pro",
    price: 99,
    description: "For a growing business that wants to be found and updated often.",
    websites: 3,
    storageBytes: 5 * GIGABYTE,
    features: [
      "Advanced analytics",
      "Priority support",
      "Weekly updates",
      "SEO optimization included",
    ],
    siteFeatures: [
      "10-page website",
      "Advanced responsive design",
      "Enhanced SEO",
      "E-commerce integration",
      "3 months support",
      "Advanced analytics",
      "Social media integration",
      "Blog",
    ],
    popular: true,
    report: "headline",
  },
  {
    id: "enterprise",
    name: "Enterprise",
    pricingName: "Enterprise",
    price: 199,
    description: "For a larger business that needs custom work and a named account manager.",
    websites: Number.POSITIVE_INFINITY,
    storageBytes: 20 * GIGABYTE,
    features: [
      "Custom integrations",
      "Dedicated account manager",
      "24/7 phone support",
      "SLA guarantee",
    ],
    siteFeatures: [
      "Unlimited pages",
      "Custom functionality",
      "Premium SEO",
      "Full e-commerce",
      "6 months support",
      "Custom integrations",
      "Priority support",
      "Monthly reports",
      "Content management training",
    ],
    popular: false,
    report: "full",
  },
] as const satisfies readonly Plan[];

/** The smallest plan: what a name the server does not know is priced as. */
export const STARTER_PLAN: Plan = plans[0];

/** "1 website", "3 websites", "Unlimited websites": a plan's allowance in words. */
export function websitesIncluded(plan: Pick<Plan, "websites">): string {
  if (!Number.isFinite(plan.websites)) return "Unlimited websites";
  return plan.websites === 1 ? "1 website" : `${plan.websites} websites`;
}

/** The pricing card's lines: the allowance first, then the rest of the copy. */
export function pricingFeatures(plan: Plan): string[] {
  return [websitesIncluded(plan), ...plan.features, REPORT_FEATURES[plan.report]];
}

/** Every plan's name in words, "Starter, Professional or Enterprise": prompts and messages. */
export const PLAN_NAMES_IN_WORDS = wordList(
  plans.map((plan) => plan.name),
  "or",
);

/** The names of the plans whose care report is `level`, in words ("Enterprise" for "full"). */
export function plansWithReport(level: ReportLevel): string {
  return wordList(
    plans.filter((plan) => plan.report === level).map((plan) => plan.name),
    "or",
  );
}

/**
 * What a plan adds, as one phrase: its allowance, then its pricing copy, "3 websites, advanced
 * analytics, … and SEO optimization included" (the side navigation's upgrade card).
 */
export function planInOnePhrase(plan: Plan): string {
  return wordList([websitesIncluded(plan), ...plan.features].map(midSentence), "and");
}

/** The plan stored as `id`; undefined for none or anything else. */
export function planById(id: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/**
 * The stored plan id for a name the client sends: "Starter", "Professional", "Enterprise",
 * any case, and "pro" for Professional (docs/pricing.md, "Names"). Undefined for anything else.
 */
export function planIdForName(name: string): PlanId | undefined {
  const wanted = name.trim().toLowerCase();
  return plans.find((plan) => plan.name.toLowerCase() === wanted || plan.id === wanted)?.id;
}

/**
 * Monthly price in USD for a plan name (docs/pricing.md, "Names"): Professional 99,
 * Enterprise 199, anything else 49, in any case; "pro" is Professional.
 */
export function priceForPlanName(name: string): number {
  return (planById(planIdForName(name)) ?? STARTER_PLAN).price;
}
