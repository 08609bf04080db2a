/** GET /api/seo/results: the caller's SEO runs, newest first, queued, running and failed included. */
import * as Audits from "@portal/core/audits/requests";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => Audits.listSeo(identity.userId));
