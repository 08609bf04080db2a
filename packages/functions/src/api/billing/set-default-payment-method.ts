/** POST /api/billing/set-default-payment-method: one of the caller's own cards as default. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api(
  "POST /api/billing/set-default-payment-method",
  contracts,
  ({ actor, body }) => Billing.setDefaultPaymentMethod(actor.accountId, body.paymentMethodId),
);
