import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { parseForm, splitKey } from "./form";

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

  it("takes a malformed key literally", () => {
    expect(splitKey("a[b")).toEqual(["a[b"]);
    expect(splitKey("a[b]c")).toEqual(["a[b]c"]);
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
