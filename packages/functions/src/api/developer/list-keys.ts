/** GET /api/developer/keys: the caller's API keys (prefix, permission, last use), never a key. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api("GET /api/developer/keys", contracts, ({ actor }) =>
  ApiKeys.list(actor.accountId),
);
