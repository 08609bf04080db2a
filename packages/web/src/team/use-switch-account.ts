/**
 * Puts the session in another account (docs/team.md, "Switching accounts"): the identity
 * provider's active organization changes (Clerk's `setActive`; locally the dev identity
 * provider's emulation), so every later token names that account; then every read is made
 * again, as nothing cached belonged to the new account.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useIdentity } from "../identity/context";

export function useSwitchAccount(): (organizationId: string | null) => Promise<void> {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  return useCallback(
    async (organizationId) => {
      await identity.setActiveOrganization(organizationId);
      // Active reads (the current user first) are made again at once, the rest dropped.
      queryClient.removeQueries({ type: "inactive" });
      await queryClient.resetQueries();
    },
    [identity, queryClient],
  );
}
