/**
 * Starting and checking a subscription (docs/billing.md, "Paying by card"): Stripe Checkout for the
 * plan's price, a change of plan for a paying customer, verification against Stripe, and the client
 * secret of a first or renewal payment that is still open.
 */
import * as Payments from "../adapters/payments";
import type {
  CompletePaymentResponse,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  VerifySubscriptionResponse,
} from "../contracts/billing";
import { PLAN_NAMES_IN_WORDS, planIdForName, STARTER_PLAN } from "../contracts/plans";
import { ValidationError } from "../errors";
import { ensureCustomer, loadUser, syncCustomer } from "./customers";
import { ACTIVE_STATUSES, planName, UNPAID_STATUSES } from "./subscription-state";

/** Where Checkout sends the browser: the welcome page once paid, the plans if abandoned. */
export const CHECKOUT_SUCCESS_PATH = "/welcome?payment=success";
export const CHECKOUT_CANCEL_PATH = "/subscribe?canceled=true";

export async function createSubscription(
  userId: string,
  input: CreateSubscriptionRequest,
): Promise<CreateSubscriptionResponse> {
  // The client sends the stored plan and falls back to Starter itself (docs/pricing.md, "Names").
  const plan = input.planName ? planIdForName(input.planName) : STARTER_PLAN.id;
  if (!plan) {
    throw new ValidationError("Unknown plan", {
      planName: `Choose ${PLAN_NAMES_IN_WORDS}`,
    });
  }
  let user = await loadUser(userId);
  const { stripeCustomerId } = user;
  if (stripeCustomerId) {
    // Checks Stripe itself, so a payment whose webhook has not arrived yet is not paid twice.
    const { user: synced, current } = await syncCustomer(userId, stripeCustomerId);
    user = synced;
    if (current && ACTIVE_STATUSES.has(current.subscription.status)) {
      if (current.plan === plan) {
        return {
          paymentUrl: null,
          status: current.subscription.status,
          message: `Your ${planName(current.plan)} subscription is already active.`,
        };
      }
      // A paying customer who chose another plan (the pricing page, the 'Upgrade to Pro'
      // card): the subscription they pay moves to it, with no second checkout.
      await Payments.changeSubscriptionPlan(current.subscription, plan);
      const changed = await syncCustomer(userId, stripeCustomerId);
      return {
        paymentUrl: null,
        status: changed.current?.subscription.status ?? current.subscription.status,
        message: `Your plan is now ${planName(plan)}.`,
      };
    }
    if (current && UNPAID_STATUSES.has(current.subscription.status)) {
      // A second subscription would bill twice: the open invoice is paid instead, on Stripe's
      // hosted invoice page (the /complete-payment route is only open before a first payment).
      const subscription = await Payments.retrieveSubscriptionWithPayment(current.subscription.id);
      const invoice = subscription.latest_invoice;
      const open = invoice && typeof invoice !== "string" && invoice.status === "open";
      return {
        paymentUrl: open ? (invoice.hosted_invoice_url ?? null) : null,
        status: current.subscription.status,
        message: "Your subscription has an unpaid invoice. Pay it to keep your plan.",
      };
    }
  }
  const customerId = await ensureCustomer(user);
  const priceId = Payments.priceIdForPlan(plan);
  const open = await openCheckoutFor(customerId, userId, plan, priceId);
  if (open) {
    return {
      paymentUrl: open,
      status: "requires_payment",
      message: `Redirecting to secure payment for the ${planName(plan)} plan.`,
    };
  }
  const session = await Payments.createSubscriptionCheckout({
    customerId,
    priceId,
    userId,
    plan,
    successUrl: `${Payments.appUrl()}${CHECKOUT_SUCCESS_PATH}`,
    cancelUrl: `${Payments.appUrl()}${CHECKOUT_CANCEL_PATH}`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return {
    paymentUrl: session.url,
    status: "requires_payment",
    message: `Redirecting to secure payment for the ${planName(plan)} plan.`,
  };
}

/** An open session with this much time left is handed out again rather than replaced. */
const REUSE_MIN_SECONDS = 30 * 60;

/**
 * One payable subscription Checkout per customer (docs/billing.md): a second tab or click
 * for the same plan gets the session already open, and an open session for another plan is
 * expired so only the latest choice can be paid. Answers the URL to reuse, if any. Requests
 * racing past this still each get a session; the webhook refuses the second subscription.
 */
async function openCheckoutFor(
  customerId: string,
  userId: string,
  plan: string,
  priceId: string,
): Promise<string | null> {
  const now = Math.floor(Date.now() / 1000);
  let reuse: string | null = null;
  for (const session of await Payments.listOpenCheckoutSessions(customerId)) {
    if (session.mode !== "subscription") continue;
    const samePlan =
      session.metadata?.userId === userId &&
      session.metadata?.plan === plan &&
      session.line_items?.data.every((line) => line.price?.id === priceId) === true;
    if (!reuse && samePlan && session.url && session.expires_at - now > REUSE_MIN_SECONDS) {
      reuse = session.url;
      continue;
    }
    await Payments.expireCheckoutSession(session.id);
  }
  return reuse;
}

/** "Check Status": the subscription as Stripe has it now, stored on the user. */
export async function verifySubscription(userId: string): Promise<VerifySubscriptionResponse> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) return { success: false, activations: [] };
  const { current } = await syncCustomer(userId, user.stripeCustomerId);
  if (!current || !ACTIVE_STATUSES.has(current.subscription.status)) {
    return { success: false, activations: [] };
  }
  return {
    success: true,
    activations: [{ plan: current.plan, subscriptionId: current.subscription.id }],
  };
}

const NOTHING_TO_PAY: CompletePaymentResponse = {
  success: false,
  clientSecret: null,
  message: "No incomplete payment found",
};

/** The open invoice of a subscription that owes money: its PaymentIntent's client secret. */
export async function completePayment(userId: string): Promise<CompletePaymentResponse> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) return NOTHING_TO_PAY;
  const { current } = await syncCustomer(userId, user.stripeCustomerId);
  if (!current || !UNPAID_STATUSES.has(current.subscription.status)) return NOTHING_TO_PAY;
  const subscription = await Payments.retrieveSubscriptionWithPayment(current.subscription.id);
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || invoice.status !== "open") return NOTHING_TO_PAY;
  const clientSecret = invoice.confirmation_secret?.client_secret;
  if (!clientSecret) return NOTHING_TO_PAY;
  return { success: true, clientSecret };
}
