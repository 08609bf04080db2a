/**
 * DELETE /api/account: erases the caller's account once they typed the confirmation; a 409
 * while their subscription still runs (docs/privacy.md).
 */
import { accountDeletedSchema, accountDeleteSchema } from "@portal/core/contracts/privacy";
import { deleteAccount } from "@portal/core/privacy/delete-account";
import { api } from "../handler";

export const handler = api(
  { body: accountDeleteSchema, response: accountDeletedSchema },
  ({ identity }) => deleteAccount(identity.userId),
);
