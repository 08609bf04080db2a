import type { Ticket } from "@portal/core/contracts/tickets";
import { describe, expect, it } from "vitest";
import { filterTickets, parseSupportSearch } from "./filter";

const ticket = (over: Partial<Ticket>): Ticket => ({
  id: over.title ?? "id",
  title: "Untitled",
  description: "",
  category: "general",
  priority: "medium",
  status: "open",
  siteId: null,
  createdAt: "2025-01-01T10:00:00.000Z",
  updatedAt: "2025-01-01T10:00:00.000Z",
  lastResponse: null,
  openedBy: null,
  ...over,
});

const tickets = [
  ticket({ title: "Contact form broken", description: "Sends nothing", category: "bug_report" }),
  ticket({
    title: "Invoice question",
    description: "Charged twice in MARCH",
    category: "billing",
    status: "resolved",
  }),
  ticket({
    title: "New page",
    description: "Please add a gallery with a contact link",
    category: "website_request",
    status: "in_progress",
  }),
  ticket({
    title: "DNS",
    description: "Domain does not resolve",
    category: "technical",
    status: "closed",
  }),
];
const titles = (list: Ticket[]) => list.map((t) => t.title);

describe("filterTickets", () => {
  it("returns every ticket with no search or filters", () => {
    expect(filterTickets(tickets, {})).toEqual(tickets);
  });

  it("matches the search in the title or the description, ignoring case", () => {
    expect(titles(filterTickets(tickets, { q: "CONTACT" }))).toEqual([
      "Contact form broken",
      "New page",
    ]);
    expect(titles(filterTickets(tickets, { q: "march" }))).toEqual(["Invoice question"]);
    expect(titles(filterTickets(tickets, { q: "  dns " }))).toEqual(["DNS"]);
    expect(filterTickets(tickets, { q: "refund" })).toEqual([]);
  });

  it("filters by status and by category, together with the search", () => {
    expect(titles(filterTickets(tickets, { status: "resolved" }))).toEqual(["Invoice question"]);
    expect(titles(filterTickets(tickets, { category: "technical" }))).toEqual(["DNS"]);
    expect(titles(filterTickets(tickets, { q: "contact", category: "website_request" }))).toEqual([
      "New page",
    ]);
    expect(filterTickets(tickets, { q: "contact", status: "closed" })).toEqual([]);
  });
});

describe("support search in the URL", () => {
  it("keeps known values and drops unknown ones instead of failing", () => {
    expect(parseSupportSearch({ q: "dns", status: "closed", category: "billing" })).toEqual({
      q: "dns",
      status: "closed",
      category: "billing",
    });
    expect(parseSupportSearch({ status: "archived", category: 7 })).toEqual({});
  });

  it("defaults to no search and no filters, and leaves out what it drops", () => {
    expect(parseSupportSearch({})).toEqual({});
    // The router parses ?q=123 into a number and ?status=open&status=closed into an array.
    const dropped = parseSupportSearch({ q: 123, status: ["open"], category: "toString" });
    expect(Object.keys(dropped)).toEqual([]);
    expect(parseSupportSearch({ q: "", status: "in_progress", extra: "x" })).toEqual({
      q: "",
      status: "in_progress",
    });
  });
});
