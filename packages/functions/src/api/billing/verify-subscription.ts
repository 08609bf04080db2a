/** POST /api/verify-subscription: "Check Status", the subscription as Stripe has it now. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.verifySubscription(identity.userId));
