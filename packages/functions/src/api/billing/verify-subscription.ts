/** POST /api/verify-subscription: "Check Status", the subscription as Stripe has it now. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/verify-subscription", contracts, ({ actor }) =>
  Billing.verifySubscription(actor.accountId),
);
