/**
 * The emulator's hosted pages: Checkout (card form, the extra confirmation screen, errors),
 * the billing portal, the hosted invoice and its PDF. Plain server-rendered HTML that works
 * without JavaScript, at phone and desktop widths.
 */

import { longDate } from "@portal/core/long-date";
import { formatMoney } from "@portal/core/money";
import type { PortalView } from "./billing-portal";
import type { CardError } from "./cards";
import type { Rendered, StoredCheckoutSession } from "./objects";

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const e = escapeHtml;

/** A Stripe timestamp (seconds) in the product's long date format; '' when there is none. */
export function formatDate(seconds: number | null | undefined) {
  return seconds ? longDate(new Date(seconds * 1000).toISOString()) : "";
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1f36;background:#fff;font-size:15px;line-height:1.45}
a{color:#4f46e5}
.test-banner{background:#ffde92;color:#5c3a00;text-align:center;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;padding:4px 8px}
.layout{display:flex;flex-direction:column;min-height:calc(100vh - 24px)}
.summary{background:#f6f8fa;padding:24px 20px;border-bottom:1px solid #e3e8ee}
.main{padding:24px 20px 40px;flex:1}
.inner{max-width:400px;margin:0 auto}
.back{display:inline-flex;align-items:center;gap:6px;color:#697386;text-decoration:none;font-size:14px;font-weight:500}
.back:hover{color:#1a1f36}
.merchant{font-weight:600;margin:18px 0 6px;color:#697386}
.price{font-size:34px;font-weight:700;letter-spacing:-.02em;margin:0}
.price small{font-size:14px;font-weight:500;color:#697386;letter-spacing:0}
.line{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e3e8ee;font-size:14px}
.line:last-child{border-bottom:0}
.muted{color:#697386}
h1{font-size:20px;margin:0 0 16px}
h2{font-size:16px;margin:28px 0 10px}
label{display:block;font-size:13px;font-weight:600;color:#3c4257;margin:14px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #d5dbe1;border-radius:6px;background:#fff;color:#1a1f36}
input:focus{outline:2px solid #a5b4fc;border-color:#6366f1}
input[readonly]{background:#f6f8fa;color:#697386}
.row{display:flex;gap:12px}.row>div{flex:1}
.card-group input{border-radius:0}
.card-group .first{border-radius:6px 6px 0 0}
.card-group .row input{border-top:0}
.card-group .row>div:first-child input{border-radius:0 0 0 6px}
.card-group .row>div:last-child input{border-radius:0 0 6px 0}
.card-group .row{gap:0}
.card-group .row>div:last-child input{border-left:0}
button,.button{display:inline-flex;justify-content:center;align-items:center;width:100%;margin-top:20px;padding:12px 16px;border:0;border-radius:6px;background:#4338ca;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#3730a3}
button.secondary,.button.secondary{background:#fff;color:#3c4257;border:1px solid #d5dbe1}
button.secondary:hover{background:#f6f8fa}
button.danger{background:#fff;color:#c0123c;border:1px solid #f5c2cf}
.inline-form{display:inline}
.inline-form button{width:auto;margin:0;padding:6px 10px;font-size:13px}
.error{margin-top:14px;padding:10px 12px;border-radius:6px;background:#fdecef;color:#a3102e;font-size:14px}
.notice{margin-top:14px;padding:10px 12px;border-radius:6px;background:#fff8e1;color:#6b4b00;font-size:14px}
.success{margin-top:14px;padding:10px 12px;border-radius:6px;background:#e6f6ec;color:#0b6b2f;font-size:14px}
.hint{margin-top:16px;font-size:12px;color:#697386}
.hint code{background:#f6f8fa;padding:1px 4px;border-radius:4px}
.badge{display:inline-block;font-size:12px;font-weight:600;padding:2px 8px;border-radius:999px;background:#e3e8ee;color:#3c4257}
.badge.green{background:#d7f7c2;color:#05690d}.badge.red{background:#ffe7f2;color:#b3093c}.badge.yellow{background:#fcedb9;color:#a82c00}
.card-box{border:1px solid #e3e8ee;border-radius:8px;padding:16px;margin-top:10px}
.pm{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap;padding:12px 0;border-bottom:1px solid #e3e8ee}
.pm:last-child{border-bottom:0}
.secure{display:flex;justify-content:center;gap:6px;margin-top:18px;font-size:12px;color:#8792a2}
table{width:100%;border-collapse:collapse;font-size:14px}
td,th{text-align:left;padding:8px 4px;border-bottom:1px solid #e3e8ee}
th{color:#697386;font-weight:600}
@media (min-width:900px){
  .layout{flex-direction:row}
  .summary{flex:1;display:flex;justify-content:flex-end;padding:64px 56px;border-bottom:0;border-right:1px solid #e3e8ee}
  .main{flex:1;display:flex;justify-content:flex-start;padding:64px 56px}
  .summary .inner,.main .inner{margin:0;width:400px}
  .price{font-size:38px}
}
.page{max-width:720px;margin:0 auto;padding:24px 20px 48px}
`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test-banner">Test mode · local Stripe emulator</div>
${body}
</body>
</html>`;
}

const LOCK = `<svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 1 0-4 0v2Z"/></svg>`;

const TEST_CARD_HINT = `<p class="hint">Test cards: <code>4242 4242 4242 4242</code> succeeds,
<code>4000 0000 0000 0002</code> is declined, <code>4000 0025 0000 3155</code> asks for an extra
confirmation, <code>4000 0027 6000 3184</code> asks for it on every payment, renewals too. Any
future date, any CVC.</p>`;

export interface CardFormValues {
  number?: string;
  exp?: string;
  name?: string;
}

function cardFields(values: CardFormValues) {
  return `<label for="cardnumber">Card information</label>
<div class="card-group">
  <input class="first" id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${e(values.number)}" required>
  <div class="row">
    <div><input id="exp" name="exp" autocomplete="cc-exp" placeholder="MM / YY" aria-label="Expiration" value="${e(values.exp)}" required></div>
    <div><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-label="CVC" required></div>
  </div>
</div>
<label for="name">Cardholder name</label>
<input id="name" name="name" autocomplete="cc-name" placeholder="Full name on card" value="${e(values.name)}">`;
}

export interface CheckoutView {
  session: StoredCheckoutSession;
  lines: { name: string; amount: string; interval: string | null }[];
  total: string;
  email: string | null;
  accountName: string;
}

function checkoutSummary(view: CheckoutView) {
  const { session, lines } = view;
  const back = session.cancel_url
    ? `<a class="back" href="${e(session.cancel_url)}">&larr; Back</a>`
    : "";
  if (session.mode === "setup") {
    return `<aside class="summary"><div class="inner">${back}
<p class="merchant">${e(view.accountName)}</p>
<p class="price" style="font-size:24px">Save a card for future payments</p>
<p class="muted">Your card is kept by the payment provider and used for your subscription.</p>
</div></aside>`;
  }
  const first = lines[0];
  const per = first?.interval ? `<small> per ${e(first.interval)}</small>` : "";
  return `<aside class="summary"><div class="inner">${back}
<p class="merchant">Subscribe to ${e(first?.name ?? view.accountName)}</p>
<p class="price">${e(first?.amount ?? view.total)}${per}</p>
<div style="margin-top:20px">
${lines.map((l) => `<div class="line"><span>${e(l.name)}<br><span class="muted">Billed ${l.interval ? `${e(l.interval)}ly` : "once"}</span></span><span>${e(l.amount)}</span></div>`).join("")}
<div class="line"><strong>Total due today</strong><strong>${e(view.total)}</strong></div>
</div>
</div></aside>`;
}

export function checkoutPage(
  view: CheckoutView,
  state: { values?: CardFormValues; error?: CardError | null } = {},
): string {
  const { session } = view;
  const setup = session.mode === "setup";
  const submit = setup ? "Save card" : "Subscribe";
  const error = state.error
    ? `<div class="error" role="alert">${e(state.error.message)}</div>`
    : "";
  return document(
    setup ? "Save a card" : `Subscribe to ${view.lines[0]?.name ?? view.accountName}`,
    `<div class="layout">
${checkoutSummary(view)}
<main class="main"><div class="inner">
<h1>${setup ? "Card details" : "Pay with card"}</h1>
<form method="post" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" value="${e(view.email)}" readonly>
${cardFields(state.values ?? {})}
${error}
<button type="submit">${submit}</button>
</form>
${TEST_CARD_HINT}
<p class="secure">${LOCK} Payments are processed by Stripe (emulated locally)</p>
</div></main>
</div>`,
  );
}

export function checkoutConfirmPage(view: CheckoutView): string {
  return document(
    "Confirm your payment",
    `<div class="layout">
${checkoutSummary(view)}
<main class="main"><div class="inner">
<h1>Confirm your payment</h1>
<p>Your bank needs you to confirm this payment of <strong>${e(view.total)}</strong> to ${e(view.accountName)}.</p>
<p class="muted">This is the test version of the 3-D Secure screen a bank would show.</p>
<form method="post" action="${e(view.session.id)}/authenticate">
<button type="submit" name="action" value="complete">Complete authentication</button>
<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
</form>
</div></main>
</div>`,
  );
}

/** What Stripe shows for a session that expired (or was expired through the API). */
export function checkoutExpiredPage(view: CheckoutView): string {
  const back = view.session.cancel_url
    ? `<a class="button" href="${e(view.session.cancel_url)}">Back to ${e(view.accountName)}</a>`
    : "";
  return document(
    "Checkout expired",
    `<main class="page"><h1>This checkout has expired</h1>
<p class="muted">This checkout with ${e(view.accountName)} can no longer be completed. Nothing was charged.</p>
${back}</main>`,
  );
}

export function checkoutDonePage(view: CheckoutView, successUrl: string): string {
  return document(
    "Payment complete",
    `<main class="page"><h1>This checkout is complete</h1>
<p class="muted">You have already completed this checkout with ${e(view.accountName)}.</p>
<a class="button" href="${e(successUrl)}">Continue</a></main>`,
  );
}

function statusBadge(status: string) {
  const tone =
    status === "active" || status === "paid" || status === "trialing"
      ? "green"
      : status === "past_due" || status === "unpaid" || status === "open"
        ? "red"
        : status === "canceled" || status === "void"
          ? ""
          : "yellow";
  return `<span class="badge ${tone}">${e(status.replaceAll("_", " "))}</span>`;
}

export function portalPage(
  view: PortalView,
  flash: { error?: string; message?: string; values?: CardFormValues } = {},
): string {
  const back = view.session.return_url
    ? `<a class="back" href="${e(view.session.return_url)}">&larr; Return to ${e(view.accountName)}</a>`
    : "";
  const subscriptions = view.subscriptions.length
    ? view.subscriptions
        .map((sub) => {
          const item = sub.items.data[0];
          const price = item?.price;
          const end = formatDate(item?.current_period_end);
          const action = sub.cancel_at_period_end
            ? `<div class="notice">Your plan will be canceled on ${e(end)}.</div>
<form method="post" action="${e(view.session.id)}/renew"><input type="hidden" name="subscription" value="${e(sub.id)}"><button type="submit">Renew plan</button></form>`
            : sub.status === "active" || sub.status === "trialing"
              ? `<p class="muted">Your plan renews on ${e(end)}.</p>
<form method="post" action="${e(view.session.id)}/cancel"><input type="hidden" name="subscription" value="${e(sub.id)}"><button type="submit" class="danger">Cancel plan</button></form>`
              : "";
          return `<div class="card-box">
<div style="display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap"><strong>${e(price?.nickname ?? view.productNames[typeof price?.product === "string" ? price.product : ""] ?? "Subscription")}</strong>${statusBadge(sub.status)}</div>
<p style="margin:6px 0 0">${e(formatMoney(price?.unit_amount ?? 0, price?.currency))} per ${e(price?.recurring?.interval ?? "month")}</p>
${action}</div>`;
        })
        .join("")
    : `<p class="muted">No current subscription.</p>`;
  const methods = view.paymentMethods.length
    ? view.paymentMethods
        .map(
          (
            pm,
          ) => `<div class="pm"><span><strong>${e(capitalise(pm.card?.brand ?? pm.type))}</strong> •••• ${e(pm.card?.last4 ?? "")}
<span class="muted">Expires ${e(String(pm.card?.exp_month ?? "").padStart(2, "0"))}/${e(pm.card?.exp_year ?? "")}</span></span>
${pm.isDefault ? `<span class="badge">Default</span>` : `<form class="inline-form" method="post" action="${e(view.session.id)}/default"><input type="hidden" name="payment_method" value="${e(pm.id)}"><button type="submit" class="secondary">Make default</button></form>`}</div>`,
        )
        .join("")
    : `<p class="muted">No payment methods yet.</p>`;
  const invoices = view.invoices.length
    ? `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th></th></tr></thead><tbody>${view.invoices
        .map(
          (inv) =>
            `<tr><td>${e(formatDate(inv.created))}</td><td>${e(formatMoney(inv.total, inv.currency))}</td><td>${statusBadge(inv.status ?? "draft")}</td><td><a href="${e(inv.hosted_invoice_url)}">View</a></td></tr>`,
        )
        .join("")}</tbody></table>`
    : `<p class="muted">No invoices yet.</p>`;
  return document(
    `${view.accountName} billing`,
    `<main class="page">
${back}
<h1 style="margin-top:18px">${e(view.accountName)} billing</h1>
<p class="muted">${e(view.customer.email ?? "")}</p>
${flash.error ? `<div class="error" role="alert">${e(flash.error)}</div>` : ""}
${flash.message ? `<div class="success" role="status">${e(flash.message)}</div>` : ""}
<h2>Current plan</h2>
${subscriptions}
<h2>Payment methods</h2>
<div class="card-box">${methods}</div>
<h2>Add payment method</h2>
<form method="post" action="${e(view.session.id)}/add-card" class="card-box" novalidate>
${cardFields(flash.values ?? {})}
<button type="submit">Add card</button>
${TEST_CARD_HINT}
</form>
<h2>Invoice history</h2>
${invoices}
</main>`,
  );
}

function capitalise(text: string) {
  return text ? text[0]?.toUpperCase() + text.slice(1) : text;
}

export function invoicePage(
  invoice: Rendered["invoice"],
  accountName: string,
  state: { values?: CardFormValues; error?: string; confirm?: boolean } = {},
): string {
  const lines = invoice.lines.data;
  const open = invoice.status === "open";
  const pay = state.confirm
    ? `<h2>Confirm your payment</h2>
<p>Your bank needs you to confirm this payment of <strong>${e(formatMoney(invoice.amount_remaining, invoice.currency))}</strong>.</p>
<form method="post" action="${e(invoice.id)}/authenticate">
<button type="submit" name="action" value="complete">Complete authentication</button>
<button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
</form>`
    : open
      ? `<h2>Pay this invoice</h2>
<form method="post" action="${e(invoice.id)}" class="card-box" novalidate>
${cardFields(state.values ?? {})}
${state.error ? `<div class="error" role="alert">${e(state.error)}</div>` : ""}
<button type="submit">Pay ${e(formatMoney(invoice.amount_remaining, invoice.currency))}</button>
${TEST_CARD_HINT}
</form>`
      : "";
  return document(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<main class="page">
<p class="merchant">${e(accountName)}</p>
<h1>Invoice ${e(invoice.number ?? "")} ${statusBadge(invoice.status ?? "draft")}</h1>
<p class="price">${e(formatMoney(invoice.total, invoice.currency))}</p>
<p class="muted">${invoice.status === "paid" ? `Paid ${e(formatDate(invoice.status_transitions?.paid_at))}` : `Due ${e(formatDate(invoice.created))}`}</p>
<div class="card-box">
${lines.map((l) => `<div class="line"><span>${e(l.description)}<br><span class="muted">${e(formatDate(l.period?.start))} – ${e(formatDate(l.period?.end))}</span></span><span>${e(formatMoney(l.amount, l.currency))}</span></div>`).join("")}
<div class="line"><strong>Total</strong><strong>${e(formatMoney(invoice.total, invoice.currency))}</strong></div>
</div>
${pay}
<a class="button secondary" href="${e(invoice.invoice_pdf)}">Download invoice (PDF)</a>
</main>`,
  );
}

/** A one-page PDF (PDF 1.4, Helvetica) listing the invoice: real bytes a viewer opens. */
export function invoicePdf(invoice: Rendered["invoice"], accountName: string): Buffer {
  const lines = invoice.lines.data;
  const text: [number, string][] = [
    [20, accountName],
    [14, `Invoice ${invoice.number ?? invoice.id}`],
    [11, `Date: ${formatDate(invoice.created)}`],
    [11, `Status: ${invoice.status}`],
    [11, `Billed to: ${invoice.customer_email ?? ""}`],
    [11, ""],
    ...lines.map((l): [number, string] => [
      11,
      `${l.description}   ${formatMoney(l.amount, l.currency)}`,
    ]),
    [11, ""],
    [12, `Total: ${formatMoney(invoice.total, invoice.currency)}`],
    [
      11,
      invoice.status === "paid"
        ? `Paid on ${formatDate(invoice.status_transitions?.paid_at)}`
        : `Amount due: ${formatMoney(invoice.amount_remaining, invoice.currency)}`,
    ],
  ];
  const pdfText = (s: string) =>
    s
      .replace(/[^\x20-\x7e]/g, (c) => (c === "×" ? "x" : c === "–" ? "-" : "?"))
      .replace(/([\\()])/g, "\\$1");
  let y = 780;
  const content = text
    .map(([size, line]) => {
      const out = `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(line)}) Tj ET`;
      y -= size + 10;
      return out;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

export function notFoundPage(what: string): string {
  return document(
    "Not found",
    `<main class="page"><h1>${e(what)} not found</h1><p class="muted">This link is not valid or has expired.</p></main>`,
  );
}
