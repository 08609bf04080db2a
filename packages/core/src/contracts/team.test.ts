import { describe, expect, it } from "vitest";
import { invitationCreateSchema } from "./team";

// docs/security.md, "The team": what an invitation's address may be before any mail is sent.
describe("an invitation's address", () => {
  const accepts = (email: string) =>
    invitationCreateSchema.safeParse({ email, role: "member" }).success;

  it("takes a plain address", () => {
    expect(accepts("dana@example.com")).toBe(true);
  });

  it.each([
    ["a header injected after it", "dana@example.com\r\nBcc: all@example.org"],
    ["a second recipient", "dana@example.com, eve@example.org"],
    ["a Cyrillic look-alike in the domain", "dana@exаmple.com"],
    ["a Cyrillic look-alike in the local part", "dаna@example.com"],
    ["a display name", "Dana <dana@example.com>"],
    ["one over 254 characters", `${"d".repeat(243)}@example.com`],
  ])("refuses %s", (_, email) => {
    expect(accepts(email)).toBe(false);
  });

  it("refuses fields beside the address and the role (no inviter or account to forge)", () => {
    const forged = { email: "dana@example.com", role: "member", invitedBy: "user_someone" };
    expect(invitationCreateSchema.safeParse(forged).success).toBe(false);
  });
});
