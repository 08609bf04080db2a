/**
 * PATCH /api/sites/{id}: the settings page's fields; anything else in the body is a 400. A
 * write API key may change them, but not the custom domain (docs/developer-api.md).
 */

import { refuseKeyFor } from "@portal/core/access/key-access";
import { contracts } from "@portal/core/contracts/api-areas/sites";
import * as Sites from "@portal/core/sites/index";
import { api } from "../handler";

export const handler = api("PATCH /api/sites/{id}", contracts, ({ actor, params, body }) => {
  if (body.customDomain !== undefined) refuseKeyFor("a site's domain", actor.apiKeyId);
  return Sites.update(actor.accountId, params.id, body, actor.userId);
});
