import { describe, expect, it } from "vitest";
import { canCapture, manageStatusPalette, previewUrl, settingsStatusBadge } from "./site-status";

describe("settingsStatusBadge", () => {
  it.each([
    ["live", "Live", "green", false],
    ["in_progress", "In Progress", "blue", false],
    ["development", "Development", "yellow", false],
    // As on the dashboard: every new site starts requested, and it is not an error.
    ["requested", "Requested", "gray", false],
    ["archived", "archived", "red", true],
  ])("%s → %s", (status, label, palette, destructive) => {
    expect(settingsStatusBadge(status)).toEqual({ label, palette, destructive });
  });
});

describe("manage page", () => {
  it("colours known statuses and greys the rest", () => {
    expect(manageStatusPalette("live")).toBe("green");
    expect(manageStatusPalette("requested")).toBe("gray");
  });

  it("previews open liveUrl, else url, else nothing", () => {
    expect(previewUrl({ liveUrl: "https://a.com", url: "https://b.com" })).toBe("https://a.com");
    expect(previewUrl({ liveUrl: null, url: "https://b.com" })).toBe("https://b.com");
    expect(previewUrl({ liveUrl: "", url: null })).toBeNull();
    expect(canCapture({ liveUrl: null, url: null })).toBe(false);
  });
});
