/** Stripe webhooks: a Function URL, so the handler receives the raw body the signature covers. */

import { stripeWebhookHandler } from "@portal/functions/routes";
import { STRIPE_WEBHOOK_TIMEOUT_SECONDS } from "@portal/functions/webhooks/timing";
import { WORKER_GRANTS } from "@portal/functions/worker-grants";
import { Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Events } from "./Events";
import { grantsProps } from "./grants";
import { Hosting } from "./Hosting";
import { Storage } from "./Storage";

export function Webhooks({ stack }: StackContext) {
  const { table, bucket, config } = use(Storage);
  const { queue: events } = use(Events);
  const { hosting } = use(Hosting);
  // Billing events (a failed payment, a subscription ending) are mailed: events:send; an ended
  // or renewed subscription pauses or resumes the sites' hosts: deployments:send.
  const granted = grantsProps(WORKER_GRANTS.StripeWebhook.grants, {
    table,
    bucket,
    config,
    events,
    hosting,
  });

  const stripeWebhook = new LambdaFunction(stack, "StripeWebhook", {
    handler: stripeWebhookHandler,
    // Stripe authenticates itself with the signature, not with AWS credentials; it calls from
    // its servers, so the URL needs no CORS.
    url: { authorizer: "none", cors: false },
    // The event lease outlasts this (docs/billing.md): a lease only runs out once its delivery died.
    timeout: `${STRIPE_WEBHOOK_TIMEOUT_SECONDS} seconds`,
    ...granted,
    bind: [
      ...(granted.bind ?? []),
      config.secrets.STRIPE_WEBHOOK_SECRET,
      ...Object.values(config.parameters),
    ],
  });

  const url = stripeWebhook.url;
  if (!url) throw new Error("The Stripe webhook function has no URL");
  stack.addOutputs({ StripeWebhookUrl: url });
  return { stripeWebhook };
}
