/**
 * Stripe webhook (Lambda Function URL). The signature is checked on the raw body, the event
 * goes to its handler, and only then is its id recorded as processed (docs/billing.md): a
 * crash or a timeout before that leaves the event to Stripe's retry. While the handler runs,
 * this delivery holds a lease on the event, so a duplicate delivery arriving meanwhile is
 * answered 409 (Stripe retries it later) instead of running the handler twice.
 */
import { EventLog } from "@portal/core/billing/index";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { Config } from "sst/node/config";
import Stripe from "stripe";
import { writeRequestLog } from "../request-log";
import { type StripeEventHandlers, stripeEventHandlers } from "./stripe-events";
import { EVENT_LEASE_MS } from "./timing";

declare module "sst/node/config" {
  export interface SecretResources {
    STRIPE_WEBHOOK_SECRET: { value: string };
  }
}

type Result = APIGatewayProxyStructuredResultV2;

function reply(status: number, body: unknown): Result {
  return {
    statusCode: status,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
  };
}

function log(data: Record<string, unknown>) {
  writeRequestLog({ route: "stripe-webhook", ...data });
}

export function createStripeWebhook(
  handlers: StripeEventHandlers,
  options: { leaseMs?: number } = {},
) {
  const leaseMs = options.leaseMs ?? EVENT_LEASE_MS;
  return async (event: APIGatewayProxyEventV2): Promise<Result> => {
    const requestId = event.requestContext?.requestId;
    const signature = event.headers?.["stripe-signature"];
    if (!signature || !event.body) {
      log({ level: "warn", status: 400, requestId, msg: "missing signature or body" });
      return reply(400, {
        error: { code: "invalid_signature", message: "Missing Stripe signature" },
      });
    }
    // Verified over the bytes Stripe signed: any re-encoding would break the HMAC.
    const raw = Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
    let stripeEvent: Stripe.Event;
    try {
      stripeEvent = await Stripe.webhooks.constructEventAsync(
        raw,
        signature,
        Config.STRIPE_WEBHOOK_SECRET,
      );
    } catch (error) {
      log({ level: "warn", status: 400, requestId, msg: "bad signature", error: String(error) });
      return reply(400, {
        error: { code: "invalid_signature", message: "Invalid Stripe signature" },
      });
    }

    const base = { requestId, eventId: stripeEvent.id, type: stripeEvent.type };
    const handle = handlers[stripeEvent.type] as
      | ((event: Stripe.Event) => Promise<void>)
      | undefined;
    const claim = await EventLog.beginEvent(stripeEvent.id, stripeEvent.type, leaseMs);
    if (claim.kind === "done") {
      log({ level: "info", status: 200, ...base, msg: "duplicate delivery ignored" });
      return reply(200, { received: true, duplicate: true });
    }
    if (claim.kind === "busy") {
      // Not a 2xx: if the delivery holding it fails, this event must still be retried.
      log({
        level: "info",
        status: 409,
        ...base,
        msg: "event is being processed by another delivery",
      });
      return reply(409, {
        error: { code: "in_progress", message: "This event is being processed", requestId },
      });
    }

    try {
      if (handle) await handle(stripeEvent);
    } catch (error) {
      // Give the event up so Stripe's retry runs the handler again instead of waiting out the lease.
      await EventLog.abandonEvent(stripeEvent.id, claim.leaseId);
      log({ level: "error", status: 500, ...base, msg: "handler failed", error: String(error) });
      return reply(500, {
        error: { code: "internal", message: "Internal server error", requestId },
      });
    }
    // Recorded after the effects: if this write is lost, the retry re-runs an idempotent handler.
    if (!(await EventLog.finishEvent(stripeEvent.id, claim.leaseId))) {
      log({ level: "warn", ...base, msg: "lease lost before the event was recorded" });
    }
    log({ level: "info", status: 200, ...base, msg: handle ? "handled" : "unhandled event type" });
    return reply(200, { received: true });
  };
}

export const handler = createStripeWebhook(stripeEventHandlers);
