/** Sign out from anywhere: end the session, forget cached data, go to /sign-in. */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { signOutInProgress } from "../access/apply-gate";
import { useIdentity } from "./context";

export function useSignOut(): () => Promise<void> {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    // The gate sees a signed-out visitor on a portal page while this runs; it must not show
    // the 'Unauthorized' toast for a sign-out the user asked for.
    signOutInProgress.current = true;
    try {
      await identity.signOut();
    } catch (error) {
      console.error("Sign-out failed.", error);
    } finally {
      queryClient.clear();
      await router.navigate({ to: "/sign-in" });
      signOutInProgress.current = false;
    }
  }, [identity, queryClient, router]);
}
