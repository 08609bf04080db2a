import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-error";
import { lostMembership } from "./lost-membership";

const refusal = (status: number, code: string) =>
  new ApiError(status, JSON.stringify({ error: { code, message: "No" } }));

describe("a lost membership", () => {
  it("is the current user's read refused with not_a_member", () => {
    const failure = new Error("Failed to fetch user data", {
      cause: refusal(403, "not_a_member"),
    });
    expect(lostMembership(failure)).toBe(true);
    expect(lostMembership(refusal(403, "not_a_member"))).toBe(true);
  });

  it("is nothing else", () => {
    expect(lostMembership(null)).toBe(false);
    expect(lostMembership(new Error("Failed to fetch user data"))).toBe(false);
    expect(
      lostMembership(
        new Error("Failed to fetch user data", { cause: refusal(403, "owner_required") }),
      ),
    ).toBe(false);
    expect(lostMembership(refusal(404, "not_a_member"))).toBe(false);
  });
});
