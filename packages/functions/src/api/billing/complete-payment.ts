/** POST /api/complete-payment: the client secret of the subscription's open payment, if any. */

import * as Billing from "@portal/core/billing/index";
import { contracts } from "@portal/core/contracts/api-areas/billing";
import { api } from "../handler";

export const handler = api("POST /api/complete-payment", contracts, ({ actor }) =>
  Billing.completePayment(actor.accountId),
);
