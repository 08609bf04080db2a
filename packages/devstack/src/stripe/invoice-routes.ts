/** The hosted invoice page, its PDF, and its pay form (a card, then a 3-D Secure step). */
import type { ServerResponse } from "node:http";
import { StripeApiError } from "./emulator";
import { formFields, html, parseExpiry, redirect } from "./http-answers";
import type { StoredPaymentIntent } from "./objects";
import { invoicePage, invoicePdf, notFoundPage } from "./pages";
import type { RouteContext } from "./route-context";

export function invoicePageRoute(
  { emulator, accountName }: RouteContext,
  res: ServerResponse,
  id: string,
  step: string | undefined,
) {
  const invoice = emulator.find(id, "invoice");
  if (!invoice) return html(res, 404, notFoundPage("Invoice"));
  if (step === "/pdf") {
    const pdf = invoicePdf(emulator.render(invoice), accountName);
    res.writeHead(200, {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
      "content-length": String(pdf.length),
    });
    return void res.end(pdf);
  }
  return html(res, 200, invoicePage(emulator.render(invoice), accountName));
}

/** The hosted invoice page's pay form: the invoice's PaymentIntent confirmed with a card. */
export function payInvoiceRoute(
  { emulator, accountName }: RouteContext,
  res: ServerResponse,
  id: string,
  step: string | undefined,
  body: Buffer,
) {
  const invoice = emulator.find(id, "invoice");
  const payment = emulator.invoicePayment(id);
  if (!invoice || !payment) return html(res, 404, notFoundPage("Invoice"));
  const page = `${emulator.publicUrl}/invoices/${id}`;
  if (invoice.status !== "open") return redirect(res, page);
  const field = formFields(body);
  const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
  try {
    let intent: StoredPaymentIntent;
    if (step === "/authenticate") {
      intent = emulator.authenticateFromBrowser(
        payment.id,
        payment.clientSecret,
        field("action") === "complete",
      );
    } else {
      const expiry = parseExpiry(values.exp);
      intent = emulator.confirmFromBrowser(payment.id, payment.clientSecret, {
        number: values.number,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: field("cvc"),
      });
    }
    if (intent.status === "requires_action") {
      return html(res, 200, invoicePage(emulator.render(invoice), accountName, { confirm: true }));
    }
    return redirect(res, page);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return html(
      res,
      error.status,
      invoicePage(emulator.render(invoice), accountName, { values, error: error.message }),
    );
  }
}
