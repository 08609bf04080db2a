/**
 * GET and POST /api/notifications/unsubscribe?token=…: the unsubscribe link of every mail
 * (docs/notifications.md). Public: the signed token is the authority, not a session.
 *
 * GET only shows a confirmation page with a button, because mail scanners open links; the
 * button, and mail clients' one-click unsubscribe (RFC 8058, a POST with a form body), turn
 * notification mails off.
 */

import * as z from "@portal/core/contracts/zod";
import { productName } from "@portal/core/notifications/mail-settings";
import * as Preferences from "@portal/core/notifications/preferences";
import { escapeHtml } from "@portal/core/notifications/render";
import { publicApi, response } from "../public-handler";

const querySchema = z.object({ token: z._default(z.string().check(z.maxLength(1000)), "") });

function page(status: number, title: string, body: string) {
  const e = escapeHtml;
  return response({
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      "referrer-policy": "no-referrer",
    },
    text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>
<body style="margin:0;background:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<main style="max-width:480px;margin:64px auto;padding:32px;background:#fff;border:1px solid #e4e4e7;border-radius:12px">
<p style="margin:0 0 16px;font-weight:700;color:#4338ca">${e(productName())}</p>
<h1 style="margin:0 0 16px;font-size:22px">${e(title)}</h1>
${body}
</main></body></html>`,
  });
}

const paragraph = (text: string) => `<p style="line-height:24px">${escapeHtml(text)}</p>`;
const settingsLink =
  '<p><a href="/settings" style="color:#4338ca">Choose which e-mails you get in your settings</a></p>';

const invalid = () =>
  page(
    400,
    "This link does not work",
    paragraph("The unsubscribe link is incomplete or was not made by us.") + settingsLink,
  );

export const handler = publicApi(
  { query: querySchema, ignoreBody: true },
  async ({ query, event }) => {
    if (event.requestContext?.http?.method === "POST") {
      const done = await Preferences.unsubscribe(query.token);
      if (!done) return invalid();
      return page(
        200,
        "You are unsubscribed",
        paragraph(
          `We will no longer e-mail ${done.email} about your websites and support tickets. Billing e-mails (a failed payment, a subscription about to end) still reach you.`,
        ) + settingsLink,
      );
    }
    // Only the look of the page depends on the token here; the POST checks it again.
    if (!Preferences.isOurToken(query.token)) {
      return invalid();
    }
    return page(
      200,
      "Stop notification e-mails?",
      paragraph(
        "You will no longer get e-mails about your websites and support tickets. Billing e-mails still reach you.",
      ) +
        `<form method="post"><button type="submit" style="padding:12px 20px;border:0;border-radius:8px;background:#4338ca;color:#fff;font-size:16px;font-weight:600;cursor:pointer">Unsubscribe</button></form>` +
        settingsLink,
    );
  },
);
