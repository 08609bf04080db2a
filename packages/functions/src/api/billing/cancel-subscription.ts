/** POST /api/billing/cancel-subscription: cancel at the end of the paid period. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/billing/cancel-subscription", contracts, ({ actor }) =>
  Billing.cancelSubscription(actor.accountId, actor.userId),
);
