/** POST /api/sites/{id}/screenshot: queues a preview of one site. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as SiteScreenshots from "@portal/core/sites/refresh";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  SiteScreenshots.refreshScreenshot(identity.userId, params.id),
);
