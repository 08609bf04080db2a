/** The card form of the SPA in local mode: Stripe.js's confirmation, by client secret. */
import type { ServerResponse } from "node:http";
import { StripeApiError } from "./emulator";
import { type JsonBody, json, jsonBody } from "./http-answers";
import type { StoredPaymentIntent } from "./objects";
import type { RouteContext } from "./route-context";

export function browserConfirmRoute(
  { emulator }: RouteContext,
  res: ServerResponse,
  id: string,
  step: string | undefined,
  body: Buffer,
) {
  let input: JsonBody;
  try {
    input = jsonBody(body);
  } catch {
    return json(res, 400, { error: { type: "invalid_request_error", message: "Invalid JSON" } });
  }
  const secret = typeof input.clientSecret === "string" ? input.clientSecret : "";
  try {
    let intent: StoredPaymentIntent;
    if (step === "authenticate") {
      intent = emulator.authenticateFromBrowser(id, secret, input.approve === true);
    } else {
      const card: JsonBody =
        typeof input.card === "object" && input.card !== null ? (input.card as JsonBody) : {};
      intent = emulator.confirmFromBrowser(id, secret, {
        number: String(card.number ?? ""),
        expMonth: Number(card.expMonth),
        expYear: Number(card.expYear),
        cvc: String(card.cvc ?? ""),
      });
    }
    // What Stripe.js resolves with: the intent as a publishable key may see it.
    return json(res, 200, {
      id: intent.id,
      status: intent.status,
      next_action: intent.next_action,
    });
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    const { payment_intent: intent, ...rest } = error.error;
    return json(res, error.status, {
      status: intent?.status ?? "requires_payment_method",
      error: rest,
    });
  }
}
