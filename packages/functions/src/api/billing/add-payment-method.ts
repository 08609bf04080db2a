/** POST /api/billing/add-payment-method: Stripe Checkout in setup mode to save a card. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/billing/add-payment-method", contracts, ({ actor }) =>
  Billing.addPaymentMethod(actor.accountId),
);
