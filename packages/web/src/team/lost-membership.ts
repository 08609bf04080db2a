/**
 * A person removed from the account their session acts in (docs/team.md, "Leaving"): the server
 * refuses every request of that session with 403 `not_a_member`, the current user's included,
 * from the next request on. The session then goes back to the person's own account (no active
 * organization), with a toast saying why, and everything is read again there.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError } from "../api/api-error";
import type { Identity } from "../identity/types";
import { toast } from "../ui/toaster";

/** The code the server refuses with (core/access/actor.ts, NotAMemberError). */
const NOT_A_MEMBER = "not_a_member";

/** Whether the current user's read failed because the session's account dropped the person. */
export function lostMembership(error: unknown): boolean {
  const refusal = ApiError.from(error) ?? ApiError.from((error as Error | null)?.cause);
  return refusal?.status === 403 && refusal.code === NOT_A_MEMBER;
}

export function useLostMembership(
  error: unknown,
  identity: Identity,
  queryClient: QueryClient,
): void {
  const lost = lostMembership(error);
  // Once per loss: the identity object changes while the session moves (Clerk re-renders on
  // setActive), and the error stays until the reads are made again.
  const handling = useRef(false);
  useEffect(() => {
    if (!lost) {
      handling.current = false;
      return;
    }
    if (handling.current) return;
    handling.current = true;
    toast({
      title: "You are no longer on that account",
      description: "You were removed from it, or left it. Here is your own account.",
      variant: "destructive",
    });
    identity
      .setActiveOrganization(null)
      .then(() => queryClient.resetQueries())
      .catch((failure: unknown) => console.error("Could not leave the account.", failure));
  }, [lost, identity, queryClient]);
}
