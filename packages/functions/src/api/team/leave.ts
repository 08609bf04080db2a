/** POST /api/team/leave: the caller leaves the session's account (not its last owner). */
import { contracts } from "@portal/core/contracts/api-areas/team";
import * as Changes from "@portal/core/team/membership-changes";
import { api } from "../handler";

export const handler = api("POST /api/team/leave", contracts, async ({ actor }) => {
  await Changes.leave(actor);
});
