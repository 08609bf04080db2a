import { describe, expect, it } from "vitest";
import type { DomainEvent } from "../contracts/events";
import { renderMail } from "./render";

const context = {
  appUrl: "https://portal.example.com",
  productName: "Site Portal",
  unsubscribeUrl: "https://portal.example.com/api/notifications/unsubscribe?token=u1.a.b",
};
const base = { eventId: "e1", userId: "user_1", occurredAt: "2026-01-01T00:00:00.000Z" };

describe("rendering mails", () => {
  it("a staff reply quotes the message, links to the ticket, in both parts", () => {
    const mail = renderMail(
      {
        ...base,
        type: "ticket.staff_replied",
        ticketId: "01TICKET",
        subject: "Logo <update>",
        message: "Done.\nHave a look.",
      },
      { email: "ada@example.com", firstName: "Ada" },
      context,
    );
    expect(mail.subject).toBe("New reply to your ticket: Logo <update>");
    expect(mail.link).toBe("https://portal.example.com/support/01TICKET");
    expect(mail.text).toContain("Hi Ada,");
    expect(mail.text).toContain("> Done.\n> Have a look.");
    expect(mail.text).toContain("Read and reply: https://portal.example.com/support/01TICKET");
    expect(mail.text).toContain(`Unsubscribe from notifications: ${context.unsubscribeUrl}`);
    expect(mail.html).toContain('href="https://portal.example.com/support/01TICKET"');
    // What a customer or staff member wrote is escaped, never markup.
    expect(mail.html).toContain("Logo &lt;update&gt;");
    expect(mail.html).not.toContain("<update>");
    expect(mail.html).toContain("#4338ca");
    expect(mail.html).toContain(context.unsubscribeUrl.replace(/&/g, "&amp;"));
  });

  it("greets without a name when there is none", () => {
    const mail = renderMail(
      { ...base, type: "payment.failed", amountDue: 9900, currency: "usd" },
      { email: "x@example.com" },
      context,
    );
    expect(mail.text.startsWith("Hello,")).toBe(true);
    expect(mail.text).toContain("$99.00");
    expect(mail.link).toBe("https://portal.example.com/billing");
  });

  it("every event links back to its page of the portal", () => {
    const events: [DomainEvent, string][] = [
      [
        { ...base, type: "site.live", siteId: "S1", siteName: "B", liveUrl: "https://b.com" },
        "/site-settings?site=S1",
      ],
      [
        {
          ...base,
          type: "site.status_changed",
          siteId: "S1",
          siteName: "B",
          from: "requested",
          to: "development",
        },
        "/site-settings?site=S1",
      ],
      [
        { ...base, type: "domain.verified", siteId: "S1", siteName: "B", domain: "b.com" },
        "/site-settings?site=S1",
      ],
      [
        {
          ...base,
          type: "ticket.status_changed",
          ticketId: "T1",
          subject: "s",
          from: "open",
          to: "closed",
        },
        "/support/T1",
      ],
      [{ ...base, type: "subscription.activated", plan: "Starter" }, "/dashboard"],
      [
        {
          ...base,
          type: "subscription.ending",
          plan: "Starter",
          endsAt: "2026-03-05T00:00:00.000Z",
        },
        "/billing",
      ],
    ];
    for (const [event, path] of events) {
      const mail = renderMail(event, { email: "x@example.com" }, context);
      expect(mail.link).toBe(`https://portal.example.com${path}`);
      expect(mail.text).toContain(mail.link);
      expect(mail.subject.length).toBeGreaterThan(5);
    }
    const ending = renderMail(events[5]?.[0] as DomainEvent, { email: "x@example.com" }, context);
    expect(ending.subject).toBe("Your Starter subscription ends on March 5, 2026");
  });

  it("names statuses as the portal does", () => {
    const site = renderMail(
      {
        ...base,
        type: "site.status_changed",
        siteId: "S1",
        siteName: "Bakery",
        from: "development",
        to: "in_progress",
      },
      { email: "x@example.com" },
      context,
    );
    expect(site.subject).toBe("Bakery: In Progress");
    expect(site.text).toContain("changed from Development to In Progress.");
    const ticket = renderMail(
      {
        ...base,
        type: "ticket.status_changed",
        ticketId: "T1",
        subject: "Logo",
        from: "open",
        to: "in_progress",
      },
      { email: "x@example.com" },
      context,
    );
    expect(ticket.subject).toBe("Your ticket is in progress: Logo");
    expect(ticket.text).toContain("changed from Open to In Progress.");
  });

  it("writes a status no label names as it is stored, without underscores", () => {
    const mail = renderMail(
      {
        ...base,
        type: "site.status_changed",
        siteId: "S1",
        siteName: "B",
        from: "on_hold",
        to: "live",
      },
      { email: "x@example.com" },
      context,
    );
    expect(mail.text).toContain("changed from on hold to Live.");
  });

  it("review mails lead to the review page; a go-live without approval quotes the reason", () => {
    const site = { ...base, siteId: "S1", siteName: "Bakery" };
    const ready = renderMail(
      { ...site, type: "site.review_requested", round: 2, previewUrl: "https://p.example/" },
      { email: "x@example.com" },
      context,
    );
    expect(ready.subject).toBe("Your draft is ready: Bakery");
    expect(ready.text).toContain(
      "Version 2 of Bakery is ready for you to look at: https://p.example/.",
    );
    expect(ready.link).toBe("https://portal.example.com/sites/S1/review");
    const changes = renderMail(
      { ...site, type: "site.changes_requested", round: 1, changes: ["Bigger logo", "Blue <b>"] },
      { email: "x@example.com" },
      context,
    );
    expect(changes.text).toContain("You asked for 2 changes to version 1 of Bakery.");
    expect(changes.text).toContain("> 1. Bigger logo\n> 2. Blue <b>");
    expect(changes.html).toContain("Blue &lt;b&gt;");
    const approved = renderMail(
      { ...site, type: "site.approved", round: 3 },
      { email: "x@example.com" },
      context,
    );
    expect(approved.text).toContain("You approved version 3 of Bakery.");
    // Another member's action names them: every member of the account gets the mail.
    const theirs = renderMail(
      { ...site, type: "site.approved", round: 3 },
      { email: "x@example.com" },
      { ...context, actorName: "Dana Baker" },
    );
    expect(theirs.subject).toBe("Dana Baker approved Bakery");
    expect(theirs.text).toContain("Dana Baker approved version 3 of Bakery.");
    const theirChanges = renderMail(
      { ...site, type: "site.changes_requested", round: 1, changes: ["Bigger logo"] },
      { email: "x@example.com" },
      { ...context, actorName: "Dana Baker" },
    );
    expect(theirChanges.subject).toBe("Dana Baker asked for changes to Bakery");
    expect(theirChanges.text).toContain("Dana Baker asked for 1 change to version 1 of Bakery.");
    const live = renderMail(
      {
        ...site,
        type: "site.live",
        liveUrl: "https://b.example",
        approvalOverride: "Opening day is tomorrow",
      },
      { email: "x@example.com" },
      context,
    );
    expect(live.text).toContain("before you approved the current draft");
    expect(live.text).toContain("> Opening day is tomorrow");
  });
});

describe("the monthly report mail", () => {
  const report: DomainEvent = {
    ...base,
    type: "report.monthly",
    siteId: "S1",
    siteName: "Bakery",
    month: "2026-10",
    level: "headline",
    headline: {
      uptimePercent: 99.9,
      incidents: 2,
      visitors: 1200,
      visitorsChange: 20,
      pageViews: null,
      performance: 84,
      seoScore: null,
      ticketsResolved: 1,
      recommendation: "Fix the 2 SEO errors.",
    },
    note: "We moved you to <faster> hosting.",
  };

  it("states the headline figures, says 'No data' for a month without, quotes the note", () => {
    const mail = renderMail(report, { email: "x@example.com" }, context);
    expect(mail.subject).toBe("Bakery: your report for October 2026");
    expect(mail.text).toContain("Uptime: 99.9%, 2 incidents.");
    expect(mail.text).toContain("Visitors: 1,200 (+20% on last month). Page views: No data.");
    expect(mail.text).toContain("Performance score: 84. SEO score: No data.");
    expect(mail.text).toContain("What we recommend next: Fix the 2 SEO errors.");
    expect(mail.text).toContain("> We moved you to <faster> hosting.");
    expect(mail.html).toContain("&lt;faster&gt;");
    expect(mail.link).toBe("https://portal.example.com/sites/S1/reports/2026-10");
  });
});
