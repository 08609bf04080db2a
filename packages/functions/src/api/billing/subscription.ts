/** GET /api/billing/subscription: the current subscription, or null. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.getSubscription(identity.userId));
