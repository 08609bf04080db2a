import { describe, expect, it } from "vitest";
import { MAX_ATTACHMENTS } from "./content";
import {
  approvalOverrideSchema,
  REVIEW_CHANGES_MAX_ITEMS,
  REVIEW_MESSAGES,
  reviewChangesRequestSchema,
  reviewRoundCreateSchema,
  reviewRoundParamsSchema,
} from "./review";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("review contracts", () => {
  it("takes a list of changes, each with the ids of its attached files, none by default", () => {
    expect(reviewChangesRequestSchema.parse({ changes: [{ text: " Bigger logo \r\n" }] })).toEqual({
      changes: [{ text: "Bigger logo", attachments: [] }],
    });
    expect(
      reviewChangesRequestSchema.parse({ changes: [{ text: "This photo", attachments: ["f1"] }] }),
    ).toEqual({ changes: [{ text: "This photo", attachments: ["f1"] }] });
    const tooMany = Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, i) => `f${i}`);
    const refused = reviewChangesRequestSchema.safeParse({
      changes: [{ text: "These photos", attachments: tooMany }],
    });
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "changes.0.attachments",
    ]);
  });

  it("refuses an empty list, an empty change, too many changes and control characters", () => {
    expect(messages(reviewChangesRequestSchema.safeParse({ changes: [] }))).toEqual([
      REVIEW_MESSAGES.changesRequired,
    ]);
    expect(messages(reviewChangesRequestSchema.safeParse({ changes: [{ text: "  " }] }))).toEqual([
      REVIEW_MESSAGES.changeRequired,
    ]);
    const many = Array.from({ length: REVIEW_CHANGES_MAX_ITEMS + 1 }, () => ({ text: "x" }));
    expect(reviewChangesRequestSchema.safeParse({ changes: many }).success).toBe(false);
    expect(reviewChangesRequestSchema.safeParse({ changes: [{ text: "a\u0000b" }] }).success).toBe(
      false,
    );
  });

  it("takes a preview address and a round number as the path writes it", () => {
    expect(reviewRoundCreateSchema.safeParse({ previewUrl: "not an address" }).success).toBe(false);
    expect(reviewRoundCreateSchema.parse({ previewUrl: "https://draft.example/" })).toEqual({
      previewUrl: "https://draft.example/",
    });
    expect(reviewRoundParamsSchema.parse({ id: "s", round: "2" })).toEqual({ id: "s", round: 2 });
    expect(reviewRoundParamsSchema.safeParse({ id: "s", round: "0" }).success).toBe(false);
    expect(reviewRoundParamsSchema.safeParse({ id: "s", round: "1.5" }).success).toBe(false);
  });

  it("asks for a reason of some substance to go live without approval", () => {
    expect(messages(approvalOverrideSchema.safeParse("ok"))).toEqual([
      REVIEW_MESSAGES.overrideTooShort,
    ]);
    expect(approvalOverrideSchema.parse("  The customer approved by phone.  ")).toBe(
      "The customer approved by phone.",
    );
  });
});
