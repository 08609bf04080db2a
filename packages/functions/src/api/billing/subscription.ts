/** GET /api/billing/subscription: the current subscription, or null. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("GET /api/billing/subscription", contracts, ({ actor }) =>
  Billing.getSubscription(actor.accountId),
);
