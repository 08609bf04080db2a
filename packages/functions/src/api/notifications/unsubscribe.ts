/**
 * POST /api/notifications/unsubscribe?token=…: turns notification mails off, from the button of
 * the unsubscribe page (unsubscribe-page.ts) or a mail client's one-click unsubscribe (RFC 8058,
 * a form body nothing reads) (docs/notifications.md). Public: the signed token is the authority.
 */
import { contracts } from "@portal/core/contracts/api-areas/public";
import * as Preferences from "@portal/core/notifications/preferences";
import { publicApi } from "../public-handler";
import { invalid, page, paragraph, settingsLink } from "./unsubscribe-html";

export const handler = publicApi(
  "POST /api/notifications/unsubscribe",
  contracts,
  async ({ query }) => {
    const done = await Preferences.unsubscribe(query.token);
    if (!done) return invalid();
    return page(
      200,
      "You are unsubscribed",
      paragraph(
        `We will no longer e-mail ${done.email} about your websites and support tickets. Billing e-mails (a failed payment, a subscription about to end) still reach you.`,
      ) + settingsLink,
    );
  },
);
