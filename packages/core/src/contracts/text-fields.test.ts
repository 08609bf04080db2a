/**
 * Every free-text field of every request contract refuses text that is not text
 * (contracts/text.ts, docs/security.md): a NUL byte and other control characters, lone UTF-16
 * surrogates, and line breaks where the field is one line. Each case starts from a request the
 * schema accepts and spoils one field.
 */
import { describe, expect, it } from "vitest";
import { connectGaRequestSchema, pageViewSchema } from "./analytics";
import { lighthouseAnalyzeRequestSchema, seoAnalyzeRequestSchema } from "./audit-jobs";
import { createSubscriptionRequestSchema } from "./billing";
import { createUploadRequestSchema } from "./content";
import { profileUpdateSchema, signInInputSchema, signUpInputSchema } from "./dev-identity";
import { apiKeyCreateSchema, webhookCreateSchema, webhookUpdateSchema } from "./developer";
import { questionnaireInputSchema } from "./questionnaires";
import { addDomainSchema, siteSettingsSchema, siteUpdateSchema } from "./sites";
import {
  staffCustomerSearchSchema,
  staffReplySchema,
  staffSiteUpdateSchema,
  staffTicketUpdateSchema,
} from "./staff";
import {
  createTicketRequestSchema,
  dashboardTicketFormSchema,
  supportTicketFormSchema,
  ticketReplyRequestSchema,
} from "./tickets";
import type * as z from "./zod";

interface Case {
  name: string;
  schema: z.ZodMiniType;
  valid: Record<string, unknown>;
  /** field → the text it holds in `valid` is replaced by a spoiled one; true: multi-line. */
  fields: Record<string, boolean>;
}

const settings = {
  name: "Corner Bakery",
  description: "Fresh bread",
  category: "business",
  primaryColor: "#3b82f6",
  secondaryColor: "#6366f1",
  logoUrl: "https://cdn.example.com/logo.png",
  faviconUrl: "",
  customDomain: "bakery.example",
  sslEnabled: true,
  analyticsEnabled: true,
  seoEnabled: false,
  maintenanceMode: false,
};

const cases: Case[] = [
  {
    name: "POST /api/tickets",
    schema: createTicketRequestSchema,
    valid: { title: "Broken contact form", description: "The form does not send anything." },
    fields: { title: false, description: true },
  },
  {
    name: "dashboard ticket form",
    schema: dashboardTicketFormSchema,
    valid: {
      title: "Broken contact form",
      description: "The form does not send anything.",
      category: "technical",
      priority: "high",
    },
    fields: { title: false, description: true },
  },
  {
    name: "support ticket form",
    schema: supportTicketFormSchema,
    valid: { title: "Broken contact form", description: "The form does not send anything." },
    fields: { title: false, description: true },
  },
  {
    name: "POST /api/tickets/{id}/messages",
    schema: ticketReplyRequestSchema,
    valid: { message: "Thanks, that works now." },
    fields: { message: true },
  },
  {
    name: "POST /api/questionnaires",
    schema: questionnaireInputSchema,
    valid: {
      businessName: "Ada's Bakery",
      industry: "restaurant",
      websiteType: "business",
      targetAudience: "Neighbours",
      businessGoals: "More orders",
      currentWebsite: "https://ada.example",
      competitors: "https://rival.example",
      preferredColors: "Warm browns",
      specialRequirements: "Online ordering",
    },
    fields: {
      businessName: false,
      targetAudience: true,
      businessGoals: true,
      currentWebsite: false,
      competitors: true,
      preferredColors: false,
      specialRequirements: true,
    },
  },
  {
    name: "site settings form",
    schema: siteSettingsSchema,
    valid: settings,
    fields: { name: false, description: true, logoUrl: false, customDomain: false },
  },
  {
    name: "PATCH /api/sites/{id}",
    schema: siteUpdateSchema,
    valid: {
      name: "Corner Bakery",
      description: "Fresh bread",
      faviconUrl: "https://x.example/f.ico",
    },
    fields: { name: false, description: true, faviconUrl: false },
  },
  {
    name: "POST /api/sites/{id}/domain",
    schema: addDomainSchema,
    valid: { domain: "bakery.example" },
    fields: { domain: false },
  },
  {
    name: "staff reply or internal note",
    schema: staffReplySchema,
    valid: { message: "We are on it." },
    fields: { message: true },
  },
  {
    name: "staff ticket update",
    schema: staffTicketUpdateSchema,
    valid: { internalNotes: "Customer called.", assignedTo: "user_staff1" },
    fields: { internalNotes: true, assignedTo: false },
  },
  {
    name: "staff site update",
    schema: staffSiteUpdateSchema,
    valid: { url: "https://dev.example/bakery", liveUrl: "https://bakery.example" },
    fields: { url: false, liveUrl: false },
  },
  {
    name: "staff customer search",
    schema: staffCustomerSearchSchema,
    valid: { q: "ada" },
    fields: { q: false },
  },
  {
    name: "POST /api/create-subscription",
    schema: createSubscriptionRequestSchema,
    valid: { planName: "Professional" },
    fields: { planName: false },
  },
  {
    name: "POST /api/collect",
    schema: pageViewSchema,
    valid: { site: "01JSITEAAAAAAAAAAAAAAAAAAA", path: "/menu", referrer: "news.example.com" },
    fields: { path: false, referrer: false },
  },
  {
    name: "POST /api/analytics/connect-ga",
    schema: connectGaRequestSchema,
    valid: { trackingId: "G-ABCDE12345" },
    fields: { trackingId: false },
  },
  {
    name: "POST /api/seo/analyze",
    schema: seoAnalyzeRequestSchema,
    valid: { url: "https://bakery.com/" },
    fields: { url: false },
  },
  {
    name: "POST /api/lighthouse/analyze",
    schema: lighthouseAnalyzeRequestSchema,
    valid: { url: "https://bakery.com/" },
    fields: { url: false },
  },
  {
    name: "sign-up (local identity provider)",
    schema: signUpInputSchema,
    valid: {
      email: "ada@example.com",
      password: "correct horse",
      firstName: "Ada",
      lastName: "Lovelace",
    },
    fields: { password: false, firstName: false, lastName: false },
  },
  {
    name: "sign-in (local identity provider)",
    schema: signInInputSchema,
    valid: { email: "ada@example.com", password: "correct horse" },
    fields: { password: false },
  },
  {
    name: "profile (local identity provider)",
    schema: profileUpdateSchema,
    valid: { firstName: "Ada", lastName: "Lovelace", imageUrl: "https://cdn.example.com/ada.png" },
    fields: { firstName: false, lastName: false, imageUrl: false },
  },
  {
    name: "POST /api/developer/keys",
    schema: apiKeyCreateSchema,
    valid: { name: "Deploy script", permission: "read" },
    fields: { name: false },
  },
  {
    name: "POST /api/developer/webhooks",
    schema: webhookCreateSchema,
    valid: {
      url: "https://hooks.example.com/portal/events",
      events: ["site.live"],
      description: "Our order system",
    },
    fields: { url: false, description: false },
  },
  {
    name: "PATCH /api/developer/webhooks/{id}",
    schema: webhookUpdateSchema,
    valid: { url: "https://hooks.example.com/portal/events" },
    fields: { url: false },
  },
  {
    name: "POST /api/content/uploads",
    schema: createUploadRequestSchema,
    valid: { fileName: "bakery-logo.png", contentType: "image/png", sizeBytes: 1200 },
    fields: { fileName: false },
  },
];

/** Spoils a valid value in the middle, where trimming cannot remove it. */
const spoil = (value: unknown, bad: string) => {
  const text = String(value);
  const at = Math.max(1, Math.floor(text.length / 2));
  return `${text.slice(0, at)}${bad}${text.slice(at)}`;
};

function refusal(schema: z.ZodMiniType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join(".") === field)?.message ?? "(other)";
}

describe.each(cases)("$name", ({ schema, valid, fields }) => {
  it("accepts the valid request", () => {
    expect(schema.safeParse(valid).error?.issues).toBeUndefined();
  });

  it.each(Object.entries(fields))("refuses NUL, escape and lone surrogates in %s", (field) => {
    for (const bad of ["\u0000", "\u001b[2J", "\uD800", "\uDFFF", "\u007f"]) {
      const message = refusal(schema, { ...valid, [field]: spoil(valid[field], bad) }, field);
      expect(message, JSON.stringify(bad)).toBeDefined();
    }
  });

  it.each(Object.entries(fields))(
    "takes line breaks in %s only when it is multi-line",
    (field, multiline) => {
      const input = { ...valid, [field]: spoil(valid[field], "\r\n") };
      if (multiline) {
        const parsed = schema.parse(input) as Record<string, unknown>;
        expect(parsed[field]).toBe(spoil(valid[field], "\n"));
      } else {
        expect(refusal(schema, input, field)).toBeDefined();
      }
    },
  );
});

describe("webhook endpoint URLs", () => {
  it("are refused with a tab, carriage return or line feed inside, which the URL parser drops", () => {
    for (const bad of ["\t", "\r", "\n"]) {
      const url = `https://hooks.exa${bad}mple.com/portal`;
      expect(URL.canParse(url), JSON.stringify(bad)).toBe(true);
      const message = refusal(webhookCreateSchema, { url, events: ["site.live"] }, "url");
      expect(message, JSON.stringify(bad)).toMatch(/tabs|single line|control/);
    }
  });

  it("are stored as the parsed href, the address the sender calls", () => {
    const parsed = webhookCreateSchema.parse({
      url: "HTTPS://Hooks.Example.com:443/a/../portal events",
      events: ["site.live"],
    });
    expect(parsed.url).toBe("https://hooks.example.com/portal%20events");
    expect(webhookUpdateSchema.parse({ url: "https://hooks.example.com" }).url).toBe(
      "https://hooks.example.com/",
    );
  });
});

describe("file names", () => {
  it("refuse text-direction controls, which make a name read as another", () => {
    for (const bad of ["\u202e", "\u2066", "\u200f"]) {
      const input = { fileName: `invoice${bad}fdp.exe`, contentType: "image/png", sizeBytes: 1 };
      expect(refusal(createUploadRequestSchema, input, "fileName"), JSON.stringify(bad)).toBe(
        "File name must not contain text-direction controls",
      );
    }
  });
});

describe("field messages", () => {
  it("name the field and say what to do (a ticket with a NUL title and a lone-surrogate description)", () => {
    const result = createTicketRequestSchema.safeParse({
      title: "Help\u0000",
      description: "\uD83D\uD83D\uD83D\uD83D\uD83D\uD83D\uD83D\uD83D\uD83D\uD83D",
    });
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(fields).toEqual({
      title: "Title cannot contain invisible control characters; please remove them",
      description:
        "Description cannot contain damaged characters (often left by copy and paste); please retype the text",
    });
  });
});
