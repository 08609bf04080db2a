import { describe, expect, it } from "vitest";
import { goLiveRefusal } from "./rules";

describe("going live needs the current round's approval or a reason", () => {
  it("lets an approved site go live without a reason", () => {
    expect(goLiveRefusal({ reviewRound: 2, reviewOutcome: "approved" }, undefined)).toBeNull();
  });

  it("refuses a site never reviewed, or whose current round is not approved, without a reason", () => {
    expect(goLiveRefusal({}, undefined)).toMatch(/has not reviewed a draft/);
    expect(goLiveRefusal({ reviewRound: 3, reviewOutcome: "pending" }, undefined)).toMatch(
      /has not approved version 3/,
    );
    expect(
      goLiveRefusal({ reviewRound: 1, reviewOutcome: "changes_requested" }, undefined),
    ).not.toBeNull();
  });

  it("lets the team's written reason stand in for the approval", () => {
    expect(goLiveRefusal({ reviewRound: 3, reviewOutcome: "pending" }, "Opening day")).toBeNull();
  });
});
