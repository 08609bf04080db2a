/** DELETE /api/developer/keys/{id}: revokes the key; the next request with it is a 401. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api("DELETE /api/developer/keys/{id}", contracts, ({ actor, params }) =>
  ApiKeys.revoke(actor.accountId, params.id),
);
