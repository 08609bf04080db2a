/** The hosted billing portal: the page, cancel / renew, default card and adding a card. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CardError } from "./cards";
import { StripeApiError } from "./emulator";
import { formFields, html, methodNotAllowed, parseExpiry, redirect } from "./http-answers";
import { notFoundPage, portalPage } from "./pages";
import type { RouteContext } from "./route-context";

const DONE_MESSAGES: Record<string, string> = {
  canceled: "Your plan has been canceled. It stays active until the end of the period.",
  renewed: "Your plan has been renewed.",
  default: "Your default payment method has been updated.",
  added: "Your card has been added and set as default.",
};

export function portalRoute(
  { emulator }: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  action: string | undefined,
  body: Buffer,
  query: string,
) {
  const session = emulator.find(id, "billing_portal.session");
  if (!session) return html(res, 404, notFoundPage("Billing portal session"));
  const here = `${emulator.publicUrl}/portal/${id}`;
  if (!action) {
    if (req.method !== "GET") return methodNotAllowed(res);
    const done = new URLSearchParams(query).get("done");
    return html(
      res,
      200,
      portalPage(emulator.portalView(id), { message: done ? DONE_MESSAGES[done] : undefined }),
    );
  }
  if (req.method !== "POST") return methodNotAllowed(res);
  const field = formFields(body);
  try {
    if (action === "cancel" || action === "renew") {
      emulator.portalSetCancel(id, field("subscription"), action === "cancel");
      return redirect(res, `${here}?done=${action === "cancel" ? "canceled" : "renewed"}`);
    }
    if (action === "default") {
      emulator.portalSetDefault(id, field("payment_method"));
      return redirect(res, `${here}?done=default`);
    }
    const expiry = parseExpiry(field("exp"));
    const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
    const error: CardError | undefined = emulator.portalAddCard(id, {
      number: values.number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: field("cvc"),
      name: values.name,
    });
    if (error) {
      return html(res, 402, portalPage(emulator.portalView(id), { error: error.message, values }));
    }
    return redirect(res, `${here}?done=added`);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return html(res, error.status, portalPage(emulator.portalView(id), { error: error.message }));
  }
}
