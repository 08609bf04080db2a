/** The Stripe account: the plans' prices, the Billing Portal, the webhook endpoint. */
import { STRIPE_API_VERSION } from "@portal/core/adapters/payments";
import { planById } from "@portal/core/contracts/plans";
import type { PlanId } from "@portal/core/contracts/users";
import { formatMoney } from "@portal/core/money";
import Stripe from "stripe";
import { type Check, type Context, fail, ok } from "../check";
import { readmeStripeEvents } from "../readme";
import { createWebhookEndpoint } from "../writes";

function stripeFor(context: Context): Stripe {
  return new Stripe(context.state.secrets.get("STRIPE_SECRET_KEY") as string, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(context.stripeApi ?? {}),
  });
}

function stripeMode(context: Context) {
  return context.state.secrets.get("STRIPE_SECRET_KEY")?.startsWith("sk_live_") ? "live" : "test";
}

/** Which plan each price setting sells. */
export const PRICE_SETTINGS = {
  STRIPE_PRICE_STARTER: "starter",
  STRIPE_PRICE_PRO: "pro",
  STRIPE_PRICE_ENTERPRISE: "enterprise",
} as const satisfies Record<string, PlanId>;

/**
 * The price setting `name`: an active monthly recurring price of this account, charging what the
 * plan says (`price` in packages/core/src/contracts/plans.ts, USD), since the customer pays
 * Stripe's amount and the pages show the plan's.
 */
export function priceCheck(name: keyof typeof PRICE_SETTINGS) {
  return {
    name: `Stripe price ${name}`,
    needs: ["settings", "secret:STRIPE_SECRET_KEY"],
    after: ["settings", "secret:STRIPE_SECRET_KEY"],
    async run(context) {
      const id = context.state.settings?.parameters[name] as string;
      let price: Stripe.Price;
      try {
        price = await stripeFor(context).prices.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return fail(
            "settings",
            `${id}: ${error.message} (in ${stripeMode(context)} mode): set ${name} to a price of this account`,
          );
        }
        throw error;
      }
      const plan = planById(PRICE_SETTINGS[name]);
      const cents = plan ? plan.price * 100 : Number.NaN;
      const charged =
        price.unit_amount === cents && price.currency === "usd"
          ? ""
          : `charges ${price.unit_amount === null ? "no fixed amount" : formatMoney(price.unit_amount, price.currency)}, not the ${plan?.name ?? name} plan's ${formatMoney(cents)} (unit_amount ${cents} usd)`;
      const problems = [
        price.active ? "" : "is archived (not active)",
        price.type === "recurring" ? "" : "is one-time, not recurring",
        price.recurring &&
        (price.recurring.interval !== "month" || price.recurring.interval_count !== 1)
          ? `bills every ${price.recurring.interval_count} ${price.recurring.interval}, not monthly`
          : "",
        charged,
      ].filter(Boolean);
      if (problems.length > 0) {
        return fail(
          "settings",
          `${id} ${problems.join(", ")}: set ${name} to an active monthly recurring price of ${formatMoney(cents)}`,
        );
      }
      return ok(`${id} active, ${price.unit_amount} ${price.currency} a month`);
    },
  } satisfies Check;
}

export const billingPortalCheck: Check = {
  name: "Stripe Billing Portal",
  needs: ["secret:STRIPE_SECRET_KEY", "stripe-billing-portal"],
  after: ["secret:STRIPE_SECRET_KEY"],
  async run(context) {
    const saved = await stripeFor(context).billingPortal.configurations.list({
      is_default: true,
      active: true,
      limit: 1,
    });
    const configuration = saved.data[0];
    if (!configuration) {
      const mode = stripeMode(context);
      return fail(
        "stripe-billing-portal",
        `no saved default configuration in ${mode} mode, so billingPortal.sessions.create fails: save the settings once at https://dashboard.stripe.com/${mode === "test" ? "test/" : ""}settings/billing/portal`,
      );
    }
    return ok(`default configuration ${configuration.id}`);
  },
};

function sameUrl(a: string, b: string) {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}

export const webhookEndpointCheck: Check = {
  name: "Stripe webhook endpoint",
  needs: ["secret:STRIPE_SECRET_KEY", "deploy", "stripe-webhook"],
  after: ["secret:STRIPE_SECRET_KEY", "deployed"],
  async run(context) {
    const url = context.state.deployed?.stripeWebhookUrl as string;
    const stripe = stripeFor(context);
    const events = readmeStripeEvents(context.readme);
    const endpoints = (
      await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({
        limit: 1000,
      })
    ).filter((e) => sameUrl(e.url, url));
    if (endpoints.length > 1) {
      return fail(
        "stripe-webhook",
        `${endpoints.length} endpoints at ${url} (${endpoints.map((e) => e.id).join(", ")}): each event would arrive ${endpoints.length} times; delete all but one`,
      );
    }
    const endpoint = endpoints[0];
    if (!endpoint) {
      if (!context.createWebhook) {
        return fail(
          "stripe-webhook",
          `none at ${url}: npm run preflight -- --stage ${context.stage} --create-webhook`,
        );
      }
      const id = await createWebhookEndpoint(context, stripe, url, events);
      return ok(`created ${id} at ${url}; its signing secret is stored in SSM`);
    }
    const enabled = new Set(endpoint.enabled_events);
    const missing = events.filter((e) => !enabled.has(e));
    const extra = endpoint.enabled_events.filter((e) => !events.includes(e));
    const problems = [
      endpoint.status === "enabled" ? "" : `is ${endpoint.status}`,
      missing.length ? `lacks ${missing.join(", ")}` : "",
      extra.length ? `also sends ${extra.join(", ")}` : "",
      endpoint.api_version === STRIPE_API_VERSION
        ? ""
        : `uses API version ${endpoint.api_version ?? "(the account's default)"}, not ${STRIPE_API_VERSION} (a version is fixed at creation: delete the endpoint and create it again)`,
    ].filter(Boolean);
    if (problems.length > 0) {
      return fail("stripe-webhook", `${endpoint.id} at ${url} ${problems.join("; ")}`);
    }
    return ok(`${endpoint.id}: ${events.length} events, API version ${STRIPE_API_VERSION}`);
  },
};
