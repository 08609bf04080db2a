/** GET /api/developer/keys: the caller's API keys (prefix, permission, last use), never a key. */
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api({}, ({ identity }) => ApiKeys.list(identity.userId));
