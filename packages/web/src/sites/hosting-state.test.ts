import { describe, expect, it } from "vitest";
import { deploymentRef } from "../hosting/deployment-rules";
import { CERTIFICATE_BADGES, versionRef } from "./hosting-state";

describe("the live version's name", () => {
  it("names a version as the console does", () => {
    expect(versionRef("01JDXYZABCDEF0123456789ABC")).toBe("#789abc");
    expect(versionRef("01JDXYZABCDEF0123456789ABC")).toBe(
      deploymentRef("01JDXYZABCDEF0123456789ABC"),
    );
  });
});

describe("the certificate's badge", () => {
  it("has a word and a colour for every state, red only when it failed", () => {
    expect(Object.keys(CERTIFICATE_BADGES).sort()).toEqual(
      ["active", "failed", "issuing", "waiting_dns"].sort(),
    );
    expect(CERTIFICATE_BADGES.waiting_dns.label).toBe("Waiting for DNS");
    const red = Object.entries(CERTIFICATE_BADGES).filter(([, b]) => b.palette === "red");
    expect(red.map(([state]) => state)).toEqual(["failed"]);
  });
});
