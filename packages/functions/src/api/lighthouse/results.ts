/** GET /api/lighthouse/results: the caller's Lighthouse runs, newest first, whatever their status. */
import * as Audits from "@portal/core/audits/requests";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Audits.listLighthouse(identity.userId));
