/** DELETE /api/team/members/{userId}: an owner removes a person; refused from their next request. */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Changes from "@portal/core/team/membership-changes";
import { api } from "../handler";

export const handler = api(
  "DELETE /api/team/members/{userId}",
  contracts,
  async ({ actor, params }) => {
    await Changes.remove(actor, params.userId);
  },
);
