/**
 * DELETE /api/account: once the caller typed the confirmation, revokes their keys and queues the
 * erasure of their account (202); a 409 while their subscription still runs (docs/privacy.md).
 */
import { accountDeleteSchema, accountDeletionSchema } from "@portal/core/contracts/privacy";
import { requestAccountDeletion } from "@portal/core/privacy/delete-account";
import { api, response } from "../handler";

export const handler = api(
  { body: accountDeleteSchema, response: accountDeletionSchema },
  async ({ identity }) =>
    response({ status: 202, body: await requestAccountDeletion(identity.userId) }),
);
