/**
 * Billing portal sessions and the portal page's actions: the customer's subscriptions, cards
 * and invoices, a new default card, cancelling at period end or not.
 */
import { defaultPortalConfiguration } from "./account-settings";
import { type CardError, type CardInput, checkCard } from "./cards";
import { updateCustomer } from "./customers";
import type { FormObject } from "./form";
import {
  invalidRequest,
  newObjectId,
  type Rendered,
  type StoredPortalSession,
  text,
} from "./objects";
import { attachPaymentMethod, createCardPaymentMethod } from "./payment-methods";
import type { EmulatorStore } from "./store";
import { LIVE_SUBSCRIPTION, ownSubscription, updateSubscription } from "./subscriptions";

export function createPortalSession(store: EmulatorStore, params: FormObject): StoredPortalSession {
  const customerId = text(params.customer);
  if (!customerId) throw invalidRequest("Missing required param: customer.", "customer");
  const customer = store.get("customer", customerId, "customer");
  const id = newObjectId("bps", 24);
  const session = store.put<StoredPortalSession>({
    id,
    object: "billing_portal.session",
    // The local stack saves no configuration; its portal page is the same either way.
    configuration: defaultPortalConfiguration(store)?.id ?? "bpc_emulator",
    created: store.seconds(),
    customer: customer.id,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: text(params.return_url) ?? null,
    url: `${store.publicUrl}/portal/${id}`,
  });
  store.changed();
  return session;
}

export interface PortalView {
  session: StoredPortalSession;
  customer: Rendered["customer"];
  subscriptions: Rendered["subscription"][];
  paymentMethods: (Rendered["payment_method"] & { isDefault: boolean })[];
  invoices: Rendered["invoice"][];
  productNames: Record<string, string>;
  accountName: string;
}

/** What the portal page shows: the customer's subscriptions, cards and invoices. */
export function portalView(store: EmulatorStore, id: string): PortalView {
  const session = store.get("billing_portal.session", id);
  const customer = store.get("customer", session.customer);
  const subscriptions = store
    .all("subscription", (s) => s.customer === customer.id && LIVE_SUBSCRIPTION.has(s.status))
    .map((s) => store.render(s));
  const defaultPm =
    customer.invoice_settings.default_payment_method ??
    subscriptions[0]?.default_payment_method ??
    null;
  const paymentMethods = store
    .all("payment_method", (pm) => pm.customer === customer.id)
    .map((pm) => ({ ...store.render(pm), isDefault: pm.id === defaultPm }));
  const invoices = store
    .all("invoice", (i) => i.customer === customer.id)
    .map((i) => store.render(i));
  const productNames = Object.fromEntries(
    store.all("product").map((product) => [product.id, String(product.name)]),
  );
  return {
    session,
    customer: store.render(customer),
    subscriptions,
    paymentMethods,
    invoices,
    productNames,
    accountName: store.accountName,
  };
}

/** The portal's "add card": saved and made the default for the customer's subscriptions. */
export function portalAddCard(
  store: EmulatorStore,
  id: string,
  input: CardInput & { name?: string },
): CardError | undefined {
  const session = store.get("billing_portal.session", id);
  const checked = checkCard(input, new Date(store.now()));
  if ("error" in checked) return checked.error;
  const pm = createCardPaymentMethod(
    store,
    { number: checked.number, ...checked.card, expMonth: input.expMonth, expYear: input.expYear },
    input.name,
  );
  attachPaymentMethod(store, pm.id, session.customer);
  portalSetDefault(store, id, pm.id);
  return undefined;
}

export function portalSetDefault(store: EmulatorStore, id: string, paymentMethodId: string) {
  const session = store.get("billing_portal.session", id);
  updateCustomer(store, session.customer, {
    invoice_settings: { default_payment_method: paymentMethodId },
  });
  for (const subscription of store.all(
    "subscription",
    (s) => s.customer === session.customer && LIVE_SUBSCRIPTION.has(s.status),
  )) {
    updateSubscription(store, subscription.id, { default_payment_method: paymentMethodId });
  }
}

export function portalSetCancel(
  store: EmulatorStore,
  id: string,
  subscriptionId: string,
  cancel: boolean,
) {
  const session = store.get("billing_portal.session", id);
  ownSubscription(store, session.customer, subscriptionId);
  updateSubscription(store, subscriptionId, { cancel_at_period_end: cancel ? "true" : "false" });
}
