import { describe, expect, it } from "vitest";
import {
  createTicketRequestSchema,
  dashboardTicketFormSchema,
  supportTicketFormSchema,
  ticketReplyRequestSchema,
  ticketStatusLabel,
} from "./tickets";

/** field → first message, as a form shows them. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("dashboard ticket form (docs/support.md)", () => {
  it("gives the documented message for each missing field", () => {
    expect(
      messages(
        dashboardTicketFormSchema.safeParse({
          title: "",
          description: "",
          category: "",
          priority: "",
        }),
      ),
    ).toEqual({
      title: "Title is required",
      description: "Please provide at least 10 characters",
      category: "Please select a category",
      priority: "Please select a priority",
    });
  });

  it("counts a title of spaces as missing and needs 10 characters of description", () => {
    const result = dashboardTicketFormSchema.safeParse({
      title: "   ",
      description: "123456789",
      category: "billing",
      priority: "low",
    });
    expect(messages(result)).toEqual({
      title: "Title is required",
      description: "Please provide at least 10 characters",
    });
  });

  it("sends no siteId for the 'none' choice or an empty value, and keeps a real one", () => {
    const base = { title: "T", description: "0123456789", category: "billing", priority: "low" };
    expect(dashboardTicketFormSchema.parse({ ...base, siteId: "none" }).siteId).toBeUndefined();
    expect(dashboardTicketFormSchema.parse({ ...base, siteId: "" }).siteId).toBeUndefined();
    expect(dashboardTicketFormSchema.parse({ ...base, siteId: "01J0SITE" }).siteId).toBe(
      "01J0SITE",
    );
  });
});

describe("Support Center ticket form (docs/support.md)", () => {
  it("gives the documented messages at each bound", () => {
    expect(
      messages(supportTicketFormSchema.safeParse({ title: "Help", description: "x".repeat(19) })),
    ).toEqual({
      title: "Title must be at least 5 characters",
      description: "Please provide more details (at least 20 characters)",
    });
    expect(
      messages(
        supportTicketFormSchema.safeParse({
          title: "x".repeat(101),
          description: "x".repeat(2001),
        }),
      ),
    ).toEqual({
      title: "Title must be less than 100 characters",
      description: "Description too long",
    });
  });

  it("accepts the bounds themselves and defaults category general, priority medium", () => {
    const parsed = supportTicketFormSchema.parse({
      title: "x".repeat(100),
      description: "y".repeat(2000),
    });
    expect(parsed).toMatchObject({ category: "general", priority: "medium" });
    expect(
      supportTicketFormSchema.safeParse({ title: "Hello", description: "y".repeat(20) }).success,
    ).toBe(true);
  });

  it("refuses a category or priority outside the lists", () => {
    const result = supportTicketFormSchema.safeParse({
      title: "Hello",
      description: "y".repeat(20),
      category: "sales",
      priority: "critical",
    });
    expect(Object.keys(messages(result)).sort()).toEqual(["category", "priority"]);
  });
});

describe("what the server accepts", () => {
  it("takes everything either form can send", () => {
    const fromDashboard = dashboardTicketFormSchema.parse({
      title: "T",
      description: "0123456789",
      category: "technical",
      priority: "urgent",
      siteId: "none",
    });
    const fromSupport = supportTicketFormSchema.parse({
      title: "x".repeat(100),
      description: "y".repeat(2000),
    });
    expect(createTicketRequestSchema.safeParse(fromDashboard).success).toBe(true);
    expect(createTicketRequestSchema.safeParse(fromSupport).success).toBe(true);
  });

  it("limits a reply to 1-5000 characters", () => {
    expect(messages(ticketReplyRequestSchema.safeParse({ message: "" }))).toEqual({
      message: "Message is required",
    });
    expect(ticketReplyRequestSchema.safeParse({ message: "x".repeat(5000) }).success).toBe(true);
    expect(messages(ticketReplyRequestSchema.safeParse({ message: "x".repeat(5001) }))).toEqual({
      message: "Message must be at most 5000 characters",
    });
  });
});

it("labels a missing or unknown status 'Open'", () => {
  expect(ticketStatusLabel("in_progress")).toBe("In Progress");
  expect(ticketStatusLabel(undefined)).toBe("Open");
  expect(ticketStatusLabel("weird")).toBe("Open");
});
