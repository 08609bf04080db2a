/** DELETE /api/sites/{id}: the site, its screenshots and its domain claim. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as SiteRemoval from "@portal/core/sites/remove";
import { api, response } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, async ({ identity, params }) => {
  await SiteRemoval.remove(identity.userId, params.id);
  return response({ status: 204 });
});
