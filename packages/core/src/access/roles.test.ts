import { describe, expect, it } from "vitest";
import {
  API_KEY_ROLE,
  ROLES,
  RoleRequiredError,
  requireRole,
  roleCovers,
  roleFromClerk,
} from "./roles";

describe("the role table", () => {
  it.each([
    // [the person's role, the route's need, allowed]
    ["owner", "owner", true],
    ["owner", "member", true],
    ["member", "member", true],
    ["member", "owner", false],
  ] as const)("%s on a %s route: %s", (role, need, allowed) => {
    expect(roleCovers(role, need)).toBe(allowed);
  });

  it("refuses with a 403 naming the role needed", () => {
    expect(() => requireRole("member", "owner")).toThrow(RoleRequiredError);
    try {
      requireRole("member", "owner");
    } catch (error) {
      expect(error).toMatchObject({ status: 403, code: "owner_required", role: "owner" });
      expect((error as Error).message).toContain("owner");
    }
    expect(() => requireRole("owner", "owner")).not.toThrow();
  });

  it("lets an API key act as a member only", () => {
    expect(API_KEY_ROLE).toBe("member");
    expect(roleCovers(API_KEY_ROLE, "owner")).toBe(false);
  });

  it("reads Clerk's role keys, with or without their prefix", () => {
    expect(roleFromClerk("org:admin")).toBe("owner");
    expect(roleFromClerk("admin")).toBe("owner");
    expect(roleFromClerk("org:member")).toBe("member");
    expect(roleFromClerk(undefined)).toBe("member");
    expect(ROLES).toEqual(["owner", "member"]);
  });
});
