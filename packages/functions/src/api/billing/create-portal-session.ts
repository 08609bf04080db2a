/** POST /api/billing/create-portal-session: Stripe's billing portal, returning to /billing. */
import * as Billing from "@portal/core/billing/index";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Billing.createPortalSession(identity.userId));
