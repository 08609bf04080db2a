/**
 * The emulator's own controls under /__emulator (secret key only), for tests and the local
 * stack: renew a subscription now, end an unpaid one as Stripe does after its last retry,
 * resend an event, hold / release / inspect webhooks.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { StripeApiError } from "./emulator";
import { json, jsonBody } from "./http-answers";
import type { RouteContext } from "./route-context";

export async function controlRoute(
  { emulator, webhooks }: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  body: Buffer,
  query: string,
) {
  const input = jsonBody(body);
  try {
    let match = urlPath.match(/^\/subscriptions\/([^/]+)\/renew$/);
    if (match && req.method === "POST") {
      return json(res, 200, emulator.render(emulator.renewSubscription(match[1] as string)));
    }
    match = urlPath.match(/^\/subscriptions\/([^/]+)\/exhaust-retries$/);
    if (match && req.method === "POST") {
      return json(res, 200, emulator.render(emulator.exhaustRetries(match[1] as string)));
    }
    match = urlPath.match(/^\/events\/([^/]+)\/resend$/);
    if (match && req.method === "POST") {
      const event = emulator.get("event", match[1] as string);
      webhooks?.resend(event);
      return json(res, 200, { resent: event.id });
    }
    if (urlPath === "/webhooks/idle" && req.method === "POST") {
      const idle = (await webhooks?.idle(Number(input.timeoutMs ?? 30_000))) ?? true;
      return json(res, 200, { idle, pending: webhooks?.pending() ?? 0 });
    }
    if (urlPath === "/webhooks/hold" && req.method === "POST") {
      webhooks?.hold(String(input.customer));
      return json(res, 200, { holding: input.customer });
    }
    if (urlPath === "/webhooks/release" && req.method === "POST") {
      const order = input.order === "reverse" || input.order === "drop" ? input.order : "original";
      const events = webhooks?.release(String(input.customer), order) ?? [];
      return json(res, 200, { released: events.map((e) => ({ id: e.id, type: e.type })), order });
    }
    if (urlPath === "/webhooks/deliveries" && req.method === "GET") {
      const eventId = new URLSearchParams(query).get("event") ?? undefined;
      return json(res, 200, { deliveries: webhooks?.deliveries(eventId) ?? [] });
    }
    return json(res, 404, {
      error: { type: "invalid_request_error", message: "Unknown control" },
    });
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return json(res, error.status, { error: error.error });
  }
}
