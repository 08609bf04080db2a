/**
 * The pages of a mail's unsubscribe link (docs/notifications.md): the question the link opens
 * (unsubscribe-page.ts) and the outcome of its button (unsubscribe.ts).
 */
import { productName } from "@portal/core/notifications/mail-settings";
import { escapeHtml } from "@portal/core/notifications/render";
import { response } from "../public-handler";

export function page(status: number, title: string, body: string) {
  const e = escapeHtml;
  return response({
    status,
    headers: {
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

export const paragraph = (text: string) => `<p style="line-height:24px">${escapeHtml(text)}</p>`;

export const settingsLink =
  '<p><a href="/settings" style="color:#4338ca">Choose which e-mails you get in your settings</a></p>';

/** The answer to a token that is missing, cut short or not made by us. */
export const invalid = () =>
  page(
    400,
    "This link does not work",
    paragraph("The unsubscribe link is incomplete or was not made by us.") + settingsLink,
  );
