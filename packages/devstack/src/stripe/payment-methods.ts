/** Card PaymentMethods: made from a card typed on a hosted page, attached, detached. */
import { TEST_CARDS, type TestCard } from "./cards";
import { invalidRequest, newObjectId, randomToken, type StoredPaymentMethod } from "./objects";
import type { EmulatorStore } from "./store";

export function createCardPaymentMethod(
  store: EmulatorStore,
  card: { number: string; brand: string; funding: string; expMonth: number; expYear: number },
  name?: string,
): StoredPaymentMethod {
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  return store.put<StoredPaymentMethod>({
    id: newObjectId("pm", 24),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: null,
      name: name || null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      country: "US",
      display_brand: card.brand,
      exp_month: card.expMonth,
      exp_year: year,
      fingerprint: randomToken(16),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: "unregulated",
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.seconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: "card",
    __number: card.number,
  });
}

export function attachPaymentMethod(
  store: EmulatorStore,
  id: string,
  customerId: string,
): StoredPaymentMethod {
  const pm = store.get("payment_method", id);
  store.get("customer", customerId, "customer");
  if (pm.customer && pm.customer !== customerId) {
    throw invalidRequest(
      "The payment method you provided has already been attached to a customer.",
      undefined,
      "payment_method_already_attached",
    );
  }
  if (!pm.customer) {
    pm.customer = customerId;
    store.emit("payment_method.attached", pm);
    store.changed();
  }
  return pm;
}

export function detachPaymentMethod(store: EmulatorStore, id: string): StoredPaymentMethod {
  const pm = store.get("payment_method", id);
  if (!pm.customer) {
    throw invalidRequest(
      "The payment method you provided is not attached to a customer so detachment is impossible.",
    );
  }
  const customer = store.find(pm.customer, "customer");
  pm.customer = null;
  if (customer?.invoice_settings.default_payment_method === id) {
    store.update(
      customer,
      { invoice_settings: { ...customer.invoice_settings, default_payment_method: null } },
      "customer.updated",
    );
  }
  for (const sub of store.all("subscription", (s) => s.default_payment_method === id)) {
    store.update(sub, { default_payment_method: null }, "customer.subscription.updated");
  }
  store.emit("payment_method.detached", pm);
  store.changed();
  return pm;
}

/** The test card behind a PaymentMethod, which decides how its charges go. */
export function cardOf(pm: StoredPaymentMethod | undefined): TestCard | undefined {
  return pm?.__number ? TEST_CARDS[pm.__number] : undefined;
}
