/** Billing: subscriptions, the billing page, the SEO upsell and Stripe's events. */
export {
  addPaymentMethod,
  cancelSubscription,
  createPortalSession,
  getSubscription,
  listInvoices,
  listPaymentMethods,
  reactivateSubscription,
  setDefaultPaymentMethod,
} from "./account";
export { syncCustomer } from "./customers";
export * as EventLog from "./event-log";
export * as Events from "./events";
export { completePayment, createSubscription, verifySubscription } from "./subscriptions";
export { createSeoPaymentIntent, markUpsellPurchased } from "./upsells";
