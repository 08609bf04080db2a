/** POST /api/sites/{id}/screenshot: queues a preview of one site. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as SiteScreenshots from "@portal/core/sites/refresh";
import { api } from "../handler";

export const handler = api("POST /api/sites/{id}/screenshot", contracts, ({ actor, params }) =>
  SiteScreenshots.refreshScreenshot(actor.accountId, params.id),
);
