/** The hosted Checkout page: GET shows it, POST pays, /authenticate answers a 3-D Secure step. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { formFields, html, methodNotAllowed, parseExpiry, redirect } from "./http-answers";
import {
  checkoutConfirmPage,
  checkoutDonePage,
  checkoutExpiredPage,
  checkoutPage,
  notFoundPage,
} from "./pages";
import type { RouteContext } from "./route-context";

export function checkoutRoute(
  { emulator }: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  authenticate: boolean,
  body: Buffer,
) {
  const session = emulator.find(id, "checkout.session");
  if (!session) return html(res, 404, notFoundPage("Checkout session"));
  const view = emulator.checkoutSummary(id);
  const successUrl = String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", id);
  if (session.status === "expired") {
    return html(res, req.method === "GET" ? 200 : 410, checkoutExpiredPage(view));
  }
  if (req.method === "GET") {
    if (session.status !== "open") return html(res, 200, checkoutDonePage(view, successUrl));
    if (emulator.checkoutPendingAuthentication(id))
      return html(res, 200, checkoutConfirmPage(view));
    return html(res, 200, checkoutPage(view));
  }
  if (req.method !== "POST") return methodNotAllowed(res);
  const field = formFields(body);
  if (authenticate) {
    const outcome = emulator.authenticateCheckout(id, field("action") === "complete");
    if (outcome.kind === "redirect") return redirect(res, outcome.url);
    if (outcome.kind === "expired") return html(res, 410, checkoutExpiredPage(view));
    return html(
      res,
      402,
      checkoutPage(emulator.checkoutSummary(id), {
        error: outcome.kind === "error" ? outcome.error : null,
      }),
    );
  }
  const expiry = parseExpiry(field("exp"));
  const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
  const outcome = emulator.submitCheckout(id, {
    number: values.number,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: field("cvc"),
    name: values.name,
  });
  if (outcome.kind === "redirect") return redirect(res, outcome.url);
  if (outcome.kind === "expired") return html(res, 410, checkoutExpiredPage(view));
  if (outcome.kind === "requires_action") return html(res, 200, checkoutConfirmPage(view));
  return html(res, 402, checkoutPage(view, { values, error: outcome.error }));
}
