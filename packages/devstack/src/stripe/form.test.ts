import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { parseForm } from "./form";
import { StripeApiError } from "./objects";

describe("parseForm", () => {
  it("reads nested keys, indexed and empty-bracket arrays", () => {
    expect(
      parseForm(
        "mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&expand[]=a&expand[]=b&metadata[userId]=u%201",
      ),
    ).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_1", quantity: "1" }],
      expand: ["a", "b"],
      metadata: { userId: "u 1" },
    });
  });

  it("reads percent-encoded brackets the same way", () => {
    expect(parseForm("expand%5B0%5D=latest_invoice.confirmation_secret")).toEqual({
      expand: ["latest_invoice.confirmation_secret"],
    });
  });

  it("keeps an empty value (how the SDK sends null, to unset a field)", () => {
    expect(parseForm("invoice_settings[default_payment_method]=")).toEqual({
      invoice_settings: { default_payment_method: "" },
    });
  });

  it("refuses keys naming what every object inherits, and leaves Object.prototype alone", () => {
    for (const text of [
      "__proto__[polluted]=1",
      "a[__proto__][polluted]=1",
      "%5F%5Fproto%5F%5F%5Bpolluted%5D=1",
      "constructor[prototype][polluted]=1",
      "metadata[toString]=1",
    ]) {
      expect(() => parseForm(text), text).toThrow(StripeApiError);
      expect(({} as Record<string, unknown>).polluted, text).toBeUndefined();
    }
  });

  it("refuses nesting deeper than any Stripe parameter, and more items than any list sends", () => {
    expect(() => parseForm(`a${"[b]".repeat(11)}=1`)).toThrow(/depth/);
    const items = Array.from({ length: 101 }, (_, i) => `expand[]=x${i}`).join("&");
    expect(() => parseForm(items)).toThrow(/Array limit/);
  });

  it("reads what the stripe SDK itself encodes", async () => {
    let sent = "";
    const stripe = new Stripe("sk_test_x", {
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient(async (_url, init) => {
        sent = String(init?.body ?? "");
        return new Response(JSON.stringify({ id: "cs_1", object: "checkout.session" }), {
          headers: { "content-type": "application/json" },
        });
      }),
    });
    await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: "price_x", quantity: 1 }],
      subscription_data: { metadata: { userId: "user_1" } },
      expand: ["subscription", "customer"],
    });
    expect(parseForm(sent)).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_x", quantity: "1" }],
      subscription_data: { metadata: { userId: "user_1" } },
      expand: ["subscription", "customer"],
    });
  });
});
