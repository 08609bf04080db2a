import { describe, expect, it } from "vitest";
import { deploymentRef } from "../hosting/deployment-rules";
import { versionRef } from "./hosting-state";

describe("the live version's name", () => {
  it("names a version as the console does", () => {
    expect(versionRef("01JDXYZABCDEF0123456789ABC")).toBe("#789abc");
    expect(versionRef("01JDXYZABCDEF0123456789ABC")).toBe(
      deploymentRef("01JDXYZABCDEF0123456789ABC"),
    );
  });
});
