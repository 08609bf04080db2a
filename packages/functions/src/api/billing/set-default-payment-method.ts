/** POST /api/billing/set-default-payment-method: one of the caller's own cards as default. */
import * as Billing from "@portal/core/billing/index";
import { setDefaultPaymentMethodRequestSchema } from "@portal/core/contracts/billing";
import { api } from "../handler";

export const handler = api({ body: setDefaultPaymentMethodRequestSchema }, ({ identity, body }) =>
  Billing.setDefaultPaymentMethod(identity.userId, body.paymentMethodId),
);
