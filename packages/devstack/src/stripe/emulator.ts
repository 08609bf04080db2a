/**
 * The Stripe emulator: the state (store.ts) with each resource's operations, split by
 * resource: customers.ts, prices.ts, payment-methods.ts, payment-intents.ts (and refunds),
 * browser-payments.ts (what Stripe.js does), invoices.ts, subscriptions.ts, checkout.ts,
 * billing-portal.ts. Objects are the `stripe` package's own types (objects.ts), shaped as the
 * pinned API version returns them. The HTTP layer (api.ts, pages.ts) calls the methods here;
 * every change Stripe would announce becomes an event for the webhook sender (webhooks.ts).
 */
import * as accountSettings from "./account-settings";
import * as portal from "./billing-portal";
import * as browser from "./browser-payments";
import type { CardInput } from "./cards";
import * as checkout from "./checkout";
import * as customers from "./customers";
import type { FormObject } from "./form";
import * as invoices from "./invoices";
import * as intents from "./payment-intents";
import * as paymentMethods from "./payment-methods";
import * as prices from "./prices";
import { EmulatorStore } from "./store";
import * as subscriptions from "./subscriptions";

export type { CheckoutOutcome } from "./checkout";
export {
  addMonths,
  EMULATED_API_VERSION,
  invalidRequest,
  newObjectId,
  StripeApiError,
} from "./objects";
export type { EmulatorOptions, Snapshot } from "./store";
export { periodEnd } from "./subscriptions";

export class StripeEmulator extends EmulatorStore {
  // ---------------------------------------------------------------- customers, products, prices
  createCustomer(params: FormObject) {
    return customers.createCustomer(this, params);
  }
  updateCustomer(id: string, params: FormObject) {
    return customers.updateCustomer(this, id, params);
  }
  createProduct(params: FormObject, id?: string) {
    return prices.createProduct(this, params, id);
  }
  createPrice(params: FormObject, id?: string) {
    return prices.createPrice(this, params, id);
  }
  updatePrice(id: string, params: FormObject) {
    return prices.updatePrice(this, id, params);
  }

  // ---------------------------------------------------------------- account settings
  createPortalConfiguration(params: FormObject) {
    return accountSettings.createPortalConfiguration(this, params);
  }
  createWebhookEndpoint(params: FormObject) {
    return accountSettings.createWebhookEndpoint(this, params);
  }
  updateWebhookEndpoint(id: string, params: FormObject) {
    return accountSettings.updateWebhookEndpoint(this, id, params);
  }
  deleteWebhookEndpoint(id: string) {
    return accountSettings.deleteWebhookEndpoint(this, id);
  }

  // ---------------------------------------------------------------- payment methods
  attachPaymentMethod(id: string, customerId: string) {
    return paymentMethods.attachPaymentMethod(this, id, customerId);
  }
  detachPaymentMethod(id: string) {
    return paymentMethods.detachPaymentMethod(this, id);
  }

  // ---------------------------------------------------------------- checkout
  createCheckoutSession(params: FormObject) {
    return checkout.createCheckoutSession(this, params);
  }
  checkoutSummary(id: string) {
    return checkout.checkoutSummary(this, id);
  }
  submitCheckout(id: string, input: CardInput & { name?: string }) {
    return checkout.submitCheckout(this, id, input);
  }
  authenticateCheckout(id: string, approve: boolean) {
    return checkout.authenticateCheckout(this, id, approve);
  }
  checkoutPendingAuthentication(id: string) {
    return checkout.checkoutPendingAuthentication(this, id);
  }
  expireCheckoutSession(id: string) {
    return checkout.expireCheckoutSession(this, id);
  }

  // ---------------------------------------------------------------- invoices
  markInvoiceUncollectible(id: string) {
    return invoices.markInvoiceUncollectible(this, id);
  }
  invoicePayment(invoiceId: string) {
    return invoices.invoicePayment(this, invoiceId);
  }

  // ---------------------------------------------------------------- payment intents, refunds
  createPaymentIntent(params: FormObject) {
    return intents.createPaymentIntent(this, params);
  }
  updatePaymentIntent(id: string, params: FormObject) {
    return intents.updatePaymentIntent(this, id, params);
  }
  cancelPaymentIntent(id: string, params: FormObject) {
    return intents.cancelPaymentIntent(this, id, params);
  }
  createRefund(params: FormObject) {
    return intents.createRefund(this, params);
  }
  confirmFromBrowser(id: string, clientSecret: string, input: CardInput) {
    return browser.confirmFromBrowser(this, id, clientSecret, input);
  }
  authenticateFromBrowser(id: string, clientSecret: string, approve: boolean) {
    return browser.authenticateFromBrowser(this, id, clientSecret, approve);
  }

  // ---------------------------------------------------------------- subscriptions
  updateSubscription(id: string, params: FormObject) {
    return subscriptions.updateSubscription(this, id, params);
  }
  cancelSubscription(id: string) {
    return subscriptions.cancelSubscription(this, id);
  }
  pauseSubscription(id: string) {
    return subscriptions.pauseSubscription(this, id);
  }
  resumeSubscription(id: string, params: FormObject) {
    return subscriptions.resumeSubscription(this, id, params);
  }
  renewSubscription(id: string) {
    return subscriptions.renewSubscription(this, id);
  }
  exhaustRetries(id: string) {
    return subscriptions.exhaustRetries(this, id);
  }

  // ---------------------------------------------------------------- billing portal
  createPortalSession(params: FormObject) {
    return portal.createPortalSession(this, params);
  }
  portalView(id: string) {
    return portal.portalView(this, id);
  }
  portalAddCard(id: string, input: CardInput & { name?: string }) {
    return portal.portalAddCard(this, id, input);
  }
  portalSetDefault(id: string, paymentMethodId: string) {
    portal.portalSetDefault(this, id, paymentMethodId);
  }
  portalSetCancel(id: string, subscriptionId: string, cancel: boolean) {
    portal.portalSetCancel(this, id, subscriptionId, cancel);
  }
}
