/** POST /api/billing/reactivate-subscription: undo a cancel before the period ends. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/billing/reactivate-subscription", contracts, ({ actor }) =>
  Billing.reactivateSubscription(actor.accountId, actor.userId),
);
