/** Customers: created by the portal (or by Checkout), updated with a default card. */
import type { FormObject } from "./form";
import {
  invalidRequest,
  mergeMetadata,
  metadataFrom,
  nested,
  newObjectId,
  randomToken,
  type StoredCustomer,
  text,
} from "./objects";
import type { EmulatorStore } from "./store";

export function createCustomer(store: EmulatorStore, params: FormObject): StoredCustomer {
  const customer = store.put<StoredCustomer>({
    id: newObjectId("cus", 14),
    object: "customer",
    address: null,
    balance: 0,
    created: store.seconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(params.description) ?? null,
    discount: null,
    email: text(params.email) ?? null,
    invoice_prefix: randomToken(8)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "X"),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadataFrom(params.metadata),
    name: text(params.name) ?? null,
    next_invoice_sequence: 1,
    phone: text(params.phone) ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  });
  return store.created("customer.created", customer);
}

export function updateCustomer(
  store: EmulatorStore,
  id: string,
  params: FormObject,
): StoredCustomer {
  const customer = store.get("customer", id);
  const changes: Partial<StoredCustomer> = {};
  for (const field of ["email", "name", "description", "phone"] as const) {
    if (params[field] !== undefined) changes[field] = text(params[field]) || null;
  }
  if (params.metadata !== undefined) {
    changes.metadata = mergeMetadata(customer.metadata, params.metadata);
  }
  const defaultPm = nested(params.invoice_settings)?.default_payment_method;
  if (defaultPm !== undefined) {
    const pmId = text(defaultPm);
    if (pmId) {
      const pm = store.get("payment_method", pmId, "invoice_settings[default_payment_method]");
      if (pm.customer !== id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
          "invoice_settings[default_payment_method]",
        );
      }
    }
    changes.invoice_settings = {
      ...customer.invoice_settings,
      default_payment_method: pmId || null,
    };
  }
  store.update(customer, changes, "customer.updated");
  store.changed();
  return customer;
}
