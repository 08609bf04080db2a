/** POST /api/complete-payment: the client secret of the subscription's open payment, if any. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.completePayment(identity.userId));
