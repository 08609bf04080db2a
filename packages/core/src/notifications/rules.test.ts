import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../contracts/events";
import { decide, mailKindFor } from "./rules";

const base = { eventId: "e1", userId: "user_1", occurredAt: "2026-01-01T00:00:00.000Z" };
const reply: DomainEvent = {
  ...base,
  type: "ticket.staff_replied",
  ticketId: "t1",
  subject: "Help",
  message: "Hi",
};
const failed: DomainEvent = { ...base, type: "payment.failed", amountDue: 9900, currency: "usd" };
const ending: DomainEvent = {
  ...base,
  type: "subscription.ending",
  plan: "Professional",
  endsAt: "2026-02-01T00:00:00.000Z",
};
const all = { emailNotifications: true, marketingEmails: false };
const none = { emailNotifications: false, marketingEmails: false };

describe("which events mail whom", () => {
  it("mails a staff reply only while notifications are on", () => {
    expect(decide(reply, all)).toEqual({ send: true, kind: "notification" });
    expect(decide(reply, none)).toEqual({ send: false, reason: "notification mails are off" });
  });

  it("sends billing mails whatever the preferences", () => {
    for (const event of [failed, ending]) {
      expect(decide(event, none)).toEqual({ send: true, kind: "transactional" });
    }
  });

  it("an outage follows the notification switch; an expiring certificate is always told", () => {
    const site = { siteId: "s1", siteName: "B", url: "https://b.com/" };
    const down: DomainEvent = {
      ...base,
      ...site,
      type: "site.down",
      startedAt: base.occurredAt,
      reason: "The server answered 502",
    };
    const cert: DomainEvent = {
      ...base,
      ...site,
      type: "site.certificate_expiring",
      expiresAt: "2026-01-10T00:00:00.000Z",
      daysLeft: 9,
    };
    expect(decide(down, none)).toEqual({ send: false, reason: "notification mails are off" });
    expect(decide(down, all)).toEqual({ send: true, kind: "notification" });
    expect(decide(cert, none)).toEqual({ send: true, kind: "transactional" });
  });

  it("mails going live once: the status change to live makes no mail of its own", () => {
    const toLive: DomainEvent = {
      ...base,
      type: "site.status_changed",
      siteId: "s1",
      siteName: "Bakery",
      from: "in_progress",
      to: "live",
    };
    expect(mailKindFor(toLive)).toBeNull();
    expect(mailKindFor({ ...toLive, to: "development" } as DomainEvent)).toBe("notification");
    expect(
      mailKindFor({
        ...base,
        type: "site.live",
        siteId: "s1",
        siteName: "B",
        liveUrl: "https://b",
      }),
    ).toBe("notification");
  });

  it("a ticket status that did not change mails nothing", () => {
    const same: DomainEvent = {
      ...base,
      type: "ticket.status_changed",
      ticketId: "t1",
      subject: "Help",
      from: "open",
      to: "open",
    };
    expect(decide(same, all).send).toBe(false);
    expect(decide({ ...same, to: "resolved" }, all).send).toBe(true);
  });

  it("mails each review step as a notification, and a go-live without approval always", () => {
    const site = { ...base, siteId: "s1", siteName: "Bakery" };
    const steps: DomainEvent[] = [
      { ...site, type: "site.review_requested", round: 1, previewUrl: "https://p.example" },
      { ...site, type: "site.approved", round: 1 },
      { ...site, type: "site.changes_requested", round: 1, changes: ["Bigger logo"] },
    ];
    const off = { emailNotifications: false, marketingEmails: false };
    for (const step of steps) {
      expect(mailKindFor(step)).toBe("notification");
      expect(decide(step, off).send).toBe(false);
    }
    const live: DomainEvent = { ...site, type: "site.live", liveUrl: "https://b.example" };
    expect(decide(live, off).send).toBe(false);
    expect(decide({ ...live, approvalOverride: "The customer is on holiday" }, off)).toEqual({
      send: true,
      kind: "transactional",
    });
  });
});

describe("the monthly report mail", () => {
  const report: DomainEvent = {
    ...base,
    type: "report.monthly",
    siteId: "s1",
    siteName: "B",
    month: "2026-10",
    level: "full",
    headline: {
      uptimePercent: null,
      incidents: 0,
      visitors: null,
      visitorsChange: null,
      pageViews: null,
      performance: null,
      seoScore: null,
      ticketsResolved: 0,
      recommendation: "x",
    },
    note: null,
  };

  it("follows its own switch, not the notifications one; on for users stored before it", () => {
    expect(decide(report, none)).toEqual({ send: true, kind: "report" });
    expect(decide(report, { ...all, monthlyReport: false })).toEqual({
      send: false,
      reason: "report mails are off",
    });
    expect(decide(report, { ...all, monthlyReport: true })).toEqual({ send: true, kind: "report" });
  });
});
