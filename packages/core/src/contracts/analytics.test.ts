import { describe, expect, it } from "vitest";
import {
  connectGaRequestSchema,
  isTrackingId,
  pageViewSchema,
  TRACKING_ID_FORMAT_MESSAGE,
  TRACKING_ID_TOASTS,
  trackingSnippet,
} from "./analytics";

describe("tracking ID rule (server side)", () => {
  it.each([
    ["G-ABCDE12345", "G-ABCDE12345"],
    ["  g-abcde12345  ", "G-ABCDE12345"],
    ["UA-12345678-1", "UA-12345678-1"],
    ["UA-123456789-12", "UA-123456789-12"],
    ["ua-1234-1", "UA-1234-1"],
  ])("accepts %j and stores %j", (input, stored) => {
    expect(isTrackingId(input)).toBe(true);
    expect(connectGaRequestSchema.parse({ trackingId: input })).toEqual({ trackingId: stored });
  });

  it.each([
    "G-ABCDE1234", // nine characters
    "G-ABCDE123456", // eleven
    "G-ABCDE_2345",
    "GA-ABCDE12345",
    "UA-123-1", // account number too short
    "UA-12345678", // no property index
    "UA-12345678-X",
    "UA-12345678-12345",
    "AW-123456789",
    "GTM-ABC1234",
    "G-ABCDE12345 x",
  ])("refuses %j with the format message", (input) => {
    expect(isTrackingId(input)).toBe(false);
    const result = connectGaRequestSchema.safeParse({ trackingId: input });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(TRACKING_ID_FORMAT_MESSAGE);
  });

  it("refuses an ID that is empty after trimming with the page's text", () => {
    const result = connectGaRequestSchema.safeParse({ trackingId: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "Please enter a valid Google Analytics tracking ID.",
    );
    expect(TRACKING_ID_TOASTS.empty.title).toBe("Invalid Tracking ID");
  });
});

describe("page view body", () => {
  it("takes the snippet's fields", () => {
    const view = { site: "01JABCDEF", path: "/menu", referrer: "news.example", screen: "tablet" };
    expect(pageViewSchema.parse(view)).toEqual(view);
  });

  it("refuses a path over 2048 characters, a path without a leading slash and a missing site", () => {
    expect(pageViewSchema.safeParse({ site: "x", path: `/${"a".repeat(2048)}` }).success).toBe(
      false,
    );
    expect(pageViewSchema.safeParse({ site: "x", path: `/${"a".repeat(2047)}` }).success).toBe(
      true,
    );
    expect(pageViewSchema.safeParse({ site: "x", path: "menu" }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: "/" }).success).toBe(false);
    expect(pageViewSchema.safeParse({ site: "x", path: "/", screen: "watch" }).success).toBe(false);
  });
});

describe("tracking snippet", () => {
  it("loads the script deferred and names the site", () => {
    expect(trackingSnippet("https://api.example.com/api/collect.js", "01JSITE")).toBe(
      '<script defer src="https://api.example.com/api/collect.js" data-site="01JSITE"></script>',
    );
  });
});
