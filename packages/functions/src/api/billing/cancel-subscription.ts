/** POST /api/billing/cancel-subscription: cancel at the end of the paid period. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.cancelSubscription(identity.userId));
