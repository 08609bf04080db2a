/** POST /api/sites/{id}/screenshot: queues a preview of one site. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, ({ identity, params }) =>
  Sites.refreshScreenshot(identity.userId, params.id),
);
