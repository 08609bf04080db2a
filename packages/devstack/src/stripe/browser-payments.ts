/**
 * What Stripe.js does in the browser with a PaymentIntent's client secret and a card: the
 * confirmation the local card form and an invoice's pay page use (stripe.confirmPayment
 * against Stripe), with the extra confirmation step some cards ask for.
 */
import {
  AUTHENTICATION_FAILED,
  type CardInput,
  chargeError,
  checkCard,
  needsAuthentication,
} from "./cards";
import { markInvoicePaid, subscriptionOf } from "./invoices";
import {
  type StoredPaymentIntent,
  type StoredPaymentMethod,
  StripeApiError,
  unexpectedState,
} from "./objects";
import { cardFailure, failIntent, requireAction, succeedIntent } from "./payment-intents";
import { attachPaymentMethod, createCardPaymentMethod } from "./payment-methods";
import type { EmulatorStore } from "./store";

export function confirmFromBrowser(
  store: EmulatorStore,
  id: string,
  clientSecret: string,
  input: CardInput,
): StoredPaymentIntent {
  const intent = intentForSecret(store, id, clientSecret);
  const checked = checkCard(input, new Date(store.now()));
  if ("error" in checked) throw cardFailure(store, intent, checked.error);
  const pm = createCardPaymentMethod(store, {
    number: checked.number,
    ...checked.card,
    expMonth: input.expMonth,
    expYear: input.expYear,
  });
  const error = chargeError(checked.card);
  if (error) {
    failIntent(store, intent, pm, error);
    store.changed();
    throw cardFailure(store, intent, error);
  }
  if (needsAuthentication(checked.card, false)) {
    requireAction(store, intent, pm);
    store.changed();
    return intent;
  }
  settleBrowserPayment(store, intent, pm);
  return intent;
}

export function authenticateFromBrowser(
  store: EmulatorStore,
  id: string,
  clientSecret: string,
  approve: boolean,
): StoredPaymentIntent {
  const intent = intentForSecret(store, id, clientSecret);
  if (intent.status !== "requires_action") {
    throw unexpectedState(
      `This PaymentIntent has a status of ${intent.status}; there is nothing to authenticate.`,
    );
  }
  const pm = store.get("payment_method", intent.payment_method);
  if (!approve) {
    failIntent(store, intent, pm, AUTHENTICATION_FAILED);
    store.changed();
    throw cardFailure(store, intent, AUTHENTICATION_FAILED);
  }
  settleBrowserPayment(store, intent, pm);
  return intent;
}

function intentForSecret(
  store: EmulatorStore,
  id: string,
  clientSecret: string,
): StoredPaymentIntent {
  const intent = store.find(id, "payment_intent");
  if (!intent || intent.client_secret !== clientSecret) {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such payment_intent: '${id}'`,
      param: "intent",
    });
  }
  if (
    !["requires_payment_method", "requires_confirmation", "requires_action"].includes(intent.status)
  ) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      store.render(intent),
    );
  }
  return intent;
}

function settleBrowserPayment(
  store: EmulatorStore,
  intent: StoredPaymentIntent,
  pm: StoredPaymentMethod,
) {
  const invoice = store.find(intent.__invoice, "invoice");
  if (intent.customer && (intent.setup_future_usage || invoice)) {
    attachPaymentMethod(store, pm.id, intent.customer);
  }
  succeedIntent(store, intent, pm);
  if (invoice && invoice.status === "open") {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    markInvoicePaid(store, invoice);
    // Paying the open invoice on session with a new card makes it the subscription's card.
    const subscription = subscriptionOf(store, invoice);
    if (subscription) {
      store.update(
        subscription,
        { default_payment_method: pm.id },
        "customer.subscription.updated",
      );
    }
  }
  store.changed();
}
