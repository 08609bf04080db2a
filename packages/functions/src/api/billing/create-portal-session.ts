/** POST /api/billing/create-portal-session: Stripe's billing portal, returning to /billing. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/billing/create-portal-session", contracts, ({ actor }) =>
  Billing.createPortalSession(actor.accountId),
);
