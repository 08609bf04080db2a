/** DELETE /api/sites/{id}: the site, its screenshots and its domain claim. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as SiteRemoval from "@portal/core/sites/remove";
import { api } from "../handler";

export const handler = api("DELETE /api/sites/{id}", contracts, async ({ identity, params }) => {
  await SiteRemoval.remove(identity.userId, params.id);
});
