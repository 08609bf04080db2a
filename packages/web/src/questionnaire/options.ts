/** What the wizard shows for each stored value of the questionnaire's enumerations. */
import type {
  AdditionalService,
  Budget,
  ContactPreference,
  DesignStyle,
  Industry,
  Timeline,
  WebsiteType,
} from "@portal/core/contracts/questionnaires";

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: string;
}

export const industryChoices: Choice<Industry>[] = [
  { value: "restaurant", label: "Restaurant & Food" },
  { value: "retail", label: "Retail & Shopping" },
  { value: "healthcare", label: "Healthcare & Medical" },
  { value: "professional", label: "Professional Services" },
  { value: "fitness", label: "Fitness & Wellness" },
  { value: "beauty", label: "Beauty & Personal Care" },
  { value: "construction", label: "Construction & Trades" },
  { value: "technology", label: "Technology" },
  { value: "education", label: "Education & Training" },
  { value: "nonprofit", label: "Non-profit" },
  { value: "other", label: "Other" },
];

export const websiteTypeChoices: Choice<WebsiteType>[] = [
  { value: "business", label: "Business Website", description: "Showcase your services" },
  { value: "ecommerce", label: "E-commerce Store", description: "Sell products online" },
  { value: "portfolio", label: "Portfolio", description: "Display your work" },
  { value: "blog", label: "Blog", description: "Share articles and news" },
];

export const designStyleChoices: Choice<DesignStyle>[] = [
  { value: "modern", label: "Modern", description: "Clean lines, bold type" },
  { value: "classic", label: "Classic", description: "Timeless and elegant" },
  { value: "minimalist", label: "Minimalist", description: "Simple, lots of space" },
  { value: "bold", label: "Bold", description: "Vibrant and eye-catching" },
];

export const additionalServiceChoices: Choice<AdditionalService>[] = [
  { value: "seo", label: "SEO Optimization" },
  { value: "social_media", label: "Social Media Integration" },
  { value: "maintenance", label: "Ongoing Maintenance" },
  { value: "analytics", label: "Analytics Setup" },
  { value: "security", label: "Enhanced Security" },
];

export const timelineChoices: Choice<Timeline>[] = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-2-weeks", label: "1-2 weeks" },
  { value: "3-4-weeks", label: "3-4 weeks" },
  { value: "1-2-months", label: "1-2 months" },
  { value: "flexible", label: "I'm flexible" },
];

export const budgetChoices: Choice<Budget>[] = [
  { value: "0-250", label: "$0 - $250" },
  { value: "250-500", label: "$250 - $500" },
  { value: "500-1000", label: "$500 - $1,000" },
  { value: "1000+", label: "$1,000+" },
  { value: "discuss", label: "Let's discuss" },
];

export const contactPreferenceChoices: Choice<ContactPreference>[] = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
  { value: "both", label: "Both" },
];
