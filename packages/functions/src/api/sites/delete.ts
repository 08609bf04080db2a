/** DELETE /api/sites/{id}: the site, its screenshots and its domain claim. */
import { siteIdParamsSchema } from "@portal/core/contracts/sites";
import * as Sites from "@portal/core/sites/index";
import { api, response } from "../handler";

export const handler = api({ params: siteIdParamsSchema }, async ({ identity, params }) => {
  await Sites.remove(identity.userId, params.id);
  return response({ status: 204 });
});
