/** DELETE /api/sites/{id}: the site, its screenshots and its domain claim. */
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as SiteRemoval from "@portal/core/sites/remove";
import { api } from "../handler";

export const handler = api("DELETE /api/sites/{id}", contracts, async ({ actor, params }) => {
  await SiteRemoval.remove(actor.accountId, params.id, actor.userId);
});
