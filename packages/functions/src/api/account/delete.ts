/**
 * DELETE /api/account: once the caller typed the confirmation, revokes their keys and queues the
 * erasure of their account (202); a 409 while their subscription still runs (docs/privacy.md).
 */
import { contracts } from "@portal/core/contracts/api-areas/account";
import { requestAccountDeletion } from "@portal/core/privacy/delete-account";
import { api } from "../handler";

export const handler = api("DELETE /api/account", contracts, ({ actor }) =>
  requestAccountDeletion(actor.accountId, actor.userId),
);
