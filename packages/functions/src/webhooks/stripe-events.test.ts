/**
 * The events the README tells operators to subscribe the Stripe endpoint to are exactly the
 * events the webhook handles: an event missing from the list never arrives, and one missing
 * from the map is acknowledged without effect.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

// sst/node reads its configuration once, when first imported: set it before any import runs.
vi.hoisted(() => {
  Object.assign(process.env, {
    SST_APP: "site-portal",
    SST_STAGE: "unit",
    SST_Table_tableName_Main: "unit-test",
  });
});

import { stripeEventHandlers } from "./stripe-events";

function readmeEvents(): string[] {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const block = /<!-- stripe-events[^>]*-->([\s\S]*?)<!-- \/stripe-events -->/.exec(readme);
  if (!block?.[1]) throw new Error("README has no stripe-events list");
  return [...block[1].matchAll(/`([a-z_.]+)`/g)].map((m) => m[1] as string);
}

describe("Stripe events", () => {
  it("the README's endpoint list and the handler map name the same events", () => {
    expect(readmeEvents().sort()).toEqual(Object.keys(stripeEventHandlers).sort());
  });

  it("include what the billing state depends on besides payments and subscription changes", () => {
    expect(Object.keys(stripeEventHandlers)).toEqual(
      expect.arrayContaining([
        "invoice.payment_action_required",
        "invoice.marked_uncollectible",
        "customer.subscription.paused",
        "customer.subscription.resumed",
        "payment_intent.payment_failed",
        "payment_intent.canceled",
      ]),
    );
  });
});
