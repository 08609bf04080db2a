/** Applies the pure access gate in the router's root beforeLoad. */
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { toast } from "../ui/toaster";
import { type AccessState, type GateDecision, gate } from "./gate";

/** Set while a sign-out the user asked for is running (see identity/use-sign-out.ts). */
export const signOutInProgress = { current: false };

export function applyGate(state: AccessState, location: ParsedLocation): { gate: GateDecision } {
  const decision = gate(state, location.pathname, location.search as Record<string, unknown>);
  if ("redirect" in decision) {
    if (state.kind === "signed-out" && !signOutInProgress.current) {
      // Spec part 1 §6: a signed-out visitor reaching a portal page is sent to /sign-in
      // with this toast.
      toast({
        title: "Unauthorized",
        description: "Please sign in again.",
        variant: "destructive",
      });
    }
    // The query stays: the fallback page may need it (?payment=success on /welcome).
    throw redirect({ href: `${decision.redirect}${location.searchStr}`, replace: true });
  }
  return { gate: decision };
}
