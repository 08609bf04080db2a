/**
 * Stripe webhook (Lambda Function URL). The signature is checked on the raw body, each event
 * id is recorded once (Stripe delivers at least once), and the event goes to its handler.
 */
import { db, isConditionFailure } from "@portal/core/db/service";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { Config } from "sst/node/config";
import Stripe from "stripe";
import { writeRequestLog } from "../request-log";
import { type StripeEventHandlers, stripeEventHandlers } from "./stripe-events";

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

export function createStripeWebhook(handlers: StripeEventHandlers) {
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
    try {
      await db.entities.stripeEvent
        .create({ eventId: stripeEvent.id, type: stripeEvent.type })
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      log({ level: "info", status: 200, ...base, msg: "duplicate delivery ignored" });
      return reply(200, { received: true, duplicate: true });
    }

    const handle = handlers[stripeEvent.type] as
      | ((event: Stripe.Event) => Promise<void>)
      | undefined;
    if (!handle) {
      log({ level: "info", status: 200, ...base, msg: "unhandled event type" });
      return reply(200, { received: true });
    }
    try {
      await handle(stripeEvent);
    } catch (error) {
      // Forget the id so Stripe's retry runs the handler again instead of being skipped.
      await db.entities.stripeEvent.delete({ eventId: stripeEvent.id }).go();
      log({ level: "error", status: 500, ...base, msg: "handler failed", error: String(error) });
      return reply(500, {
        error: { code: "internal", message: "Internal server error", requestId },
      });
    }
    log({ level: "info", status: 200, ...base, msg: "handled" });
    return reply(200, { received: true });
  };
}

export const handler = createStripeWebhook(stripeEventHandlers);
