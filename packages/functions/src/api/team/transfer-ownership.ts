/** POST /api/team/transfer-ownership: the caller hands ownership to another person and becomes a member. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Changes from "@portal/core/team/membership-changes";
import { api } from "../handler";

export const handler = api("POST /api/team/transfer-ownership", contracts, ({ actor, body }) =>
  Changes.transferOwnership(actor, body.userId),
);
