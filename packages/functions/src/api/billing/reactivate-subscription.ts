/** POST /api/billing/reactivate-subscription: undo a cancel before the period ends. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.reactivateSubscription(identity.userId));
