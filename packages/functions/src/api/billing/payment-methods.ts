/** GET /api/billing/payment-methods: the caller's saved cards, the default one marked. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("GET /api/billing/payment-methods", contracts, ({ actor }) =>
  Billing.listPaymentMethods(actor.accountId),
);
