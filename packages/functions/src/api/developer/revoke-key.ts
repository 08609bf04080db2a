/** DELETE /api/developer/keys/{id}: revokes the key; the next request with it is a 401. */
import { apiKeySchema } from "@portal/core/contracts/developer";
import * as z from "@portal/core/contracts/zod";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api } from "../handler";

export const handler = api(
  { params: z.object({ id: z.string() }), response: apiKeySchema },
  ({ identity, params }) => ApiKeys.revoke(identity.userId, params.id),
);
