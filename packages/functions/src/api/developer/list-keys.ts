/** GET /api/developer/keys: the caller's API keys (prefix, permission, last use), never a key. */
import { apiKeyListSchema } from "@portal/core/contracts/developer";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api({ response: apiKeyListSchema }, ({ identity }) =>
  ApiKeys.list(identity.userId),
);
