/** POST /api/developer/keys: a new API key; the answer is the only time the key is shown. */
import { contracts } from "@portal/core/contracts/api-areas/developer";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api("POST /api/developer/keys", contracts, ({ actor, body }) =>
  ApiKeys.create(actor.accountId, body),
);
