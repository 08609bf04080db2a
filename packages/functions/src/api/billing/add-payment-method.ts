/** POST /api/billing/add-payment-method: Stripe Checkout in setup mode to save a card. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.addPaymentMethod(identity.userId));
