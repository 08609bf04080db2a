import { describe, expect, it } from "vitest";
import type { PlanId } from "../contracts/users";
import {
  currentSubscription,
  keptSubscription,
  planOf,
  type SubscriptionLike,
  toBillingSubscription,
  userFieldsFor,
} from "./subscription-state";

const prices: Record<string, PlanId> = {
  price_s: "starter",
  price_p: "pro",
  price_e: "enterprise",
};
const byPrice = (id: string) => prices[id];

function sub(
  id: string,
  status: string,
  created: number,
  priceId = "price_p",
  extra: Partial<SubscriptionLike> = {},
): SubscriptionLike {
  return {
    id,
    status,
    created,
    cancel_at_period_end: false,
    metadata: {},
    items: {
      data: [
        {
          current_period_start: 1_767_225_600,
          current_period_end: 1_769_904_000,
          price: {
            id: priceId,
            unit_amount: 9900,
            currency: "usd",
            recurring: { interval: "month" },
          },
        },
      ],
    },
    ...extra,
  };
}

describe("planOf", () => {
  it("reads the plan from the price, else from the checkout's metadata, else none", () => {
    expect(planOf(sub("a", "active", 1, "price_e"), byPrice)).toBe("enterprise");
    expect(
      planOf(sub("a", "active", 1, "price_old", { metadata: { plan: "starter" } }), byPrice),
    ).toBe("starter");
    expect(
      planOf(sub("a", "active", 1, "price_other", { metadata: { plan: "gold" } }), byPrice),
    ).toBe(undefined);
  });
});

describe("currentSubscription", () => {
  it("prefers a paid-up subscription over a newer canceled one", () => {
    const current = currentSubscription(
      [sub("new", "canceled", 20), sub("old", "active", 10)],
      byPrice,
    );
    expect(current?.subscription.id).toBe("old");
  });

  it("prefers one that owes money over one that ended, and the newest among equals", () => {
    expect(
      currentSubscription([sub("a", "canceled", 30), sub("b", "past_due", 10)], byPrice)
        ?.subscription.id,
    ).toBe("b");
    expect(
      currentSubscription([sub("a", "canceled", 10), sub("b", "canceled", 30)], byPrice)
        ?.subscription.id,
    ).toBe("b");
  });

  it("ignores subscriptions to prices that are none of our plans", () => {
    expect(currentSubscription([sub("x", "active", 1, "price_elsewhere")], byPrice)).toBeNull();
  });

  it("of two paid-up ones (a second Checkout being refused), the first is current", () => {
    expect(
      currentSubscription([sub("second", "active", 20), sub("first", "active", 10)], byPrice)
        ?.subscription.id,
    ).toBe("first");
  });
});

describe("userFieldsFor", () => {
  it("opens the portal only for active and trialing, and keeps the plan once paid for", () => {
    for (const [status, active] of [
      ["active", true],
      ["trialing", true],
      ["past_due", false],
      ["unpaid", false],
      ["canceled", false],
    ] as const) {
      expect(userFieldsFor({ subscription: sub("s", status, 1), plan: "pro" })).toEqual({
        stripeSubscriptionId: "s",
        subscriptionStatus: status,
        subscriptionPlan: "pro",
        subscriptionActive: active,
      });
    }
  });

  it("stores no plan for a first payment that has not gone through", () => {
    for (const status of ["incomplete", "incomplete_expired"]) {
      expect(userFieldsFor({ subscription: sub("s", status, 1), plan: "pro" })).toEqual({
        stripeSubscriptionId: "s",
        subscriptionStatus: status,
        subscriptionActive: false,
      });
    }
  });
});

describe("toBillingSubscription", () => {
  it("shows the plan name, cents, interval and the period from the subscription item", () => {
    expect(toBillingSubscription(sub("s", "active", 1), "pro")).toEqual({
      id: "s",
      plan: { id: "pro", name: "Professional", amount: 9900, currency: "usd", interval: "month" },
      status: "active",
      currentPeriodStart: "2026-01-01T00:00:00.000Z",
      currentPeriodEnd: "2026-02-01T00:00:00.000Z",
      cancelAtPeriodEnd: false,
    });
  });
});

describe("keptSubscription (two Checkout tabs)", () => {
  it("keeps the first created of those that bill, whatever order they are listed in", () => {
    const first = sub("sub_b", "active", 100, "price_s");
    const second = sub("sub_a", "active", 200, "price_p");
    expect(keptSubscription([second, first], byPrice)).toBe(first);
    expect(keptSubscription([first, second], byPrice)).toBe(first);
  });

  it("breaks a tie in the same second by id, so every delivery agrees", () => {
    const a = sub("sub_a", "active", 100);
    const b = sub("sub_b", "active", 100);
    expect(keptSubscription([b, a], byPrice)).toBe(a);
    expect(keptSubscription([a, b], byPrice)).toBe(a);
  });

  it("an older subscription that owes money is kept; ended, paused, unpaid-first and foreign ones are not", () => {
    const owing = sub("sub_owing", "past_due", 50);
    const fresh = sub("sub_fresh", "active", 100);
    expect(keptSubscription([fresh, owing], byPrice)).toBe(owing);
    for (const status of ["canceled", "incomplete", "incomplete_expired", "paused"]) {
      expect(keptSubscription([fresh, sub("sub_old", status, 10)], byPrice)).toBe(fresh);
    }
    expect(keptSubscription([fresh, sub("sub_other", "active", 10, "price_x")], byPrice)).toBe(
      fresh,
    );
    expect(keptSubscription([], byPrice)).toBeNull();
  });
});
