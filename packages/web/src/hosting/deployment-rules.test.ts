import { HOSTING_MESSAGES } from "@portal/core/contracts/hosting";
import { HOSTING_LIMITS } from "@portal/core/hosting/enums";
import { describe, expect, it } from "vitest";
import {
  deploymentRef,
  deploymentSize,
  isSettling,
  publishAction,
  publishNeedsOverride,
  zipRefusal,
} from "./deployment-rules";

describe("zipRefusal", () => {
  it("lets a zip within the limit go", () => {
    expect(zipRefusal({ name: "site.ZIP", size: 1024 })).toBeUndefined();
    expect(zipRefusal({ name: "site.zip", size: HOSTING_LIMITS.zipBytes })).toBeUndefined();
  });

  it("refuses a zip over the limit in the API's words, with its size", () => {
    expect(zipRefusal({ name: "site.zip", size: HOSTING_LIMITS.zipBytes + 1 })).toMatch(
      new RegExp(`^${HOSTING_MESSAGES.tooLarge}; this one is`),
    );
    expect(zipRefusal({ name: "site.zip", size: 150 * 1024 * 1024 })).toBe(
      "The zip must be at most 100 MB; this one is 150 MB",
    );
  });

  it("refuses what is not a zip, and an empty one", () => {
    expect(zipRefusal({ name: "index.html", size: 10 })).toBe(HOSTING_MESSAGES.notZip);
    expect(zipRefusal({ name: "site.zip.html", size: 10 })).toBe(HOSTING_MESSAGES.notZip);
    expect(zipRefusal({ name: "site.zip", size: 0 })).toBe(HOSTING_MESSAGES.empty);
  });
});

describe("publishAction", () => {
  const at = (createdAt: string) => ({ createdAt });
  it("publishes a ready deployment newer than the live one, or when none is live", () => {
    const ready = { status: "ready" as const, live: false, createdAt: "2026-11-28T10:00:00Z" };
    expect(publishAction(ready, undefined)).toBe("publish");
    expect(publishAction(ready, at("2026-11-28T09:00:00Z"))).toBe("publish");
  });

  it("rolls back to a ready deployment older than the live one", () => {
    const old = { status: "ready" as const, live: false, createdAt: "2026-11-28T08:00:00Z" };
    expect(publishAction(old, at("2026-11-28T09:00:00Z"))).toBe("rollback");
  });

  it("offers nothing on the live one or one that is not ready", () => {
    expect(publishAction({ status: "ready", live: true, createdAt: "x" }, undefined)).toBeNull();
    for (const status of ["uploading", "queued", "building", "failed"] as const) {
      expect(publishAction({ status, live: false, createdAt: "x" }, undefined)).toBeNull();
    }
  });
});

describe("publishNeedsOverride", () => {
  const site = (status: string, outcome: string | null) => ({
    status,
    review: outcome ? { outcome } : null,
  });
  it("asks for the reason on a go-live without approval", () => {
    expect(publishNeedsOverride(site("development", null))).toBe(true);
    expect(publishNeedsOverride(site("requested", "pending"))).toBe(true);
    expect(publishNeedsOverride(site("in_progress", "changes_requested"))).toBe(true);
  });

  it("does not once the customer approved, or once the site is live", () => {
    expect(publishNeedsOverride(site("development", "approved"))).toBe(false);
    expect(publishNeedsOverride(site("live", "pending"))).toBe(false);
    expect(publishNeedsOverride(site("live", null))).toBe(false);
  });
});

describe("the rest of the panel's words", () => {
  it("says the size zipped, then unpacked with the file count once known", () => {
    const zipped = { zipBytes: 2048, unpackedBytes: null, fileCount: null };
    expect(deploymentSize(zipped)).toBe("2 KB zipped");
    expect(deploymentSize({ ...zipped, unpackedBytes: 3 * 1024 * 1024, fileCount: 1 })).toBe(
      "2 KB zipped, 3 MB in 1 file",
    );
    expect(deploymentSize({ ...zipped, unpackedBytes: 4096, fileCount: 12 })).toBe(
      "2 KB zipped, 4 KB in 12 files",
    );
  });

  it("polls only while a deployment is on its way", () => {
    expect(["uploading", "queued", "building"].every((s) => isSettling(s as never))).toBe(true);
    expect(isSettling("ready")).toBe(false);
    expect(isSettling("failed")).toBe(false);
  });

  it("names a deployment by its id's end", () => {
    expect(deploymentRef("01JDXYZABCDEF0123456789ABC")).toBe("#789abc");
  });
});
