/** POST /api/developer/keys: a new API key; the answer is the only time the key is shown. */
import { apiKeyCreatedSchema, apiKeyCreateSchema } from "@portal/core/contracts/developer";
import * as ApiKeys from "@portal/core/developer/api-keys";
import { api, response } from "../handler";

export const handler = api(
  { body: apiKeyCreateSchema, response: apiKeyCreatedSchema },
  async ({ identity, body }) =>
    response({ status: 201, body: await ApiKeys.create(identity.userId, body) }),
);
