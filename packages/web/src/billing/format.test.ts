import { describe, expect, it } from "vitest";
import {
  brandName,
  canCancel,
  invoiceBadge,
  statusText,
  subscriptionStatusDisplay,
} from "./format";

describe("billing formats", () => {
  it("capitalises statuses and replaces underscores", () => {
    expect(statusText("past_due")).toBe("Past due");
    expect(statusText("incomplete_expired")).toBe("Incomplete expired");
  });

  it("maps each subscription status to its icon colour and badge (docs/billing.md)", () => {
    expect(subscriptionStatusDisplay("active")).toEqual({
      label: "Active",
      tone: "green",
      badge: "default",
    });
    expect(subscriptionStatusDisplay("trialing")).toMatchObject({
      tone: "green",
      badge: "default",
    });
    expect(subscriptionStatusDisplay("past_due")).toEqual({
      label: "Past due",
      tone: "red",
      badge: "destructive",
    });
    expect(subscriptionStatusDisplay("unpaid")).toMatchObject({
      tone: "red",
      badge: "destructive",
    });
    expect(subscriptionStatusDisplay("canceled")).toMatchObject({
      tone: "grey",
      badge: "secondary",
    });
    expect(subscriptionStatusDisplay("incomplete")).toEqual({
      label: "Payment Pending",
      tone: "yellow",
      badge: "outline",
    });
    expect(subscriptionStatusDisplay("paused")).toEqual({
      label: "Paused",
      tone: "yellow",
      badge: "outline",
    });
  });

  it("gives 'paid' invoices the normal badge and anything else the destructive one", () => {
    expect(invoiceBadge("paid")).toBe("default");
    expect(invoiceBadge("open")).toBe("destructive");
    expect(invoiceBadge(null)).toBe("destructive");
  });

  it("offers Cancel only for an active subscription not already set to cancel", () => {
    expect(canCancel({ status: "active", cancelAtPeriodEnd: false })).toBe(true);
    expect(canCancel({ status: "active", cancelAtPeriodEnd: true })).toBe(false);
    expect(canCancel({ status: "trialing", cancelAtPeriodEnd: false })).toBe(false);
    expect(canCancel({ status: "past_due", cancelAtPeriodEnd: false })).toBe(false);
  });

  it("names card brands", () => {
    expect(brandName("visa")).toBe("Visa");
    expect(brandName("amex")).toBe("American Express");
  });
});
