import { describe, expect, it } from "vitest";
import type { InvitationItem } from "../db/service";
import { INVITATION_DAYS, invitationToken, statusOf, toTeamInvitation } from "./invitation-records";

const sent = new Date("2026-11-01T10:00:00.000Z");
const item = (overrides: Partial<InvitationItem> = {}): InvitationItem => ({
  userId: "user_owner",
  invitationId: "01JD0000000000000000000000",
  id: "01JD0000000000000000000000",
  email: "dana@example.com",
  role: "member",
  secretHash: "ab".repeat(32),
  invitedBy: "user_owner",
  status: "pending",
  expiresAt: new Date(sent.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
  sentCount: 1,
  sentAt: sent.toISOString(),
  createdAt: sent.toISOString(),
  updatedAt: sent.toISOString(),
  ...overrides,
});

describe("an invitation's status", () => {
  it("is pending for 7 days after it was sent, then expired", () => {
    const almost = new Date(sent.getTime() + INVITATION_DAYS * 86_400_000 - 1);
    expect(statusOf(item(), almost)).toBe("pending");
    expect(statusOf(item(), new Date(item().expiresAt))).toBe("expired");
  });

  it("stays accepted or revoked whatever the time", () => {
    const later = new Date("2027-01-01T00:00:00.000Z");
    expect(statusOf(item({ status: "accepted" }), later)).toBe("accepted");
    expect(statusOf(item({ status: "revoked" }), later)).toBe("revoked");
  });

  it("is shown to owners without the link's secret", () => {
    const shown = toTeamInvitation(item(), sent);
    expect(shown).toMatchObject({ status: "pending", email: "dana@example.com", sentCount: 1 });
    expect(JSON.stringify(shown)).not.toContain("ab".repeat(32));
  });
});

describe("an invitation's link", () => {
  it("is one base64url word, no dot: the SPA's address must not look like a file's", () => {
    const token = invitationToken("user_owner", "01JD0000000000000000000000", "s3cr3t-_x");
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
