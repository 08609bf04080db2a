/** GET /api/billing/payment-methods: the caller's saved cards, the default one marked. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.listPaymentMethods(identity.userId));
