/**
 * GET /api/notifications/unsubscribe?token=…: the page a mail's unsubscribe link opens
 * (docs/notifications.md). Public: the signed token is the authority, not a session. It only
 * asks, with a button, because mail scanners open links; the button posts to the same address
 * (unsubscribe.ts).
 */
import { contracts } from "@portal/core/contracts/api-areas/public";
import { isOurToken } from "@portal/core/notifications/unsubscribe-token";
import { publicApi } from "../public-handler";
import { invalid, page, paragraph, settingsLink } from "./unsubscribe-html";

export const handler = publicApi(
  "GET /api/notifications/unsubscribe",
  contracts,
  async ({ query }) => {
    // Only the look of the page depends on the token here; the POST checks it again.
    if (!isOurToken(query.token)) return invalid();
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
