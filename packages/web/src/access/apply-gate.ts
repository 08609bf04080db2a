/** Applies the pure access gate in the router's root beforeLoad. */
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import type { RouterContext } from "../router";
import { type GateDecision, gate } from "./gate";

/** Set while a sign-out the user asked for is running (see identity/use-sign-out.ts). */
export const signOutInProgress = { current: false };

export function applyGate(
  { access: state, signInAgain }: Pick<RouterContext, "access" | "signInAgain">,
  location: ParsedLocation,
): { gate: GateDecision } {
  const decision = gate(state, location.pathname, location.search as Record<string, unknown>);
  if ("redirect" in decision) {
    if (state.kind === "signed-out" && !signOutInProgress.current) {
      // docs/pages.md, "Signing in and out": a signed-out visitor reaching a portal page sees
      // the 'Unauthorized' toast there and moves to /sign-in 500 ms later; the root shows the
      // spinner meanwhile, never the page.
      signInAgain();
      return { gate: decision };
    }
    // The query stays: the fallback page may need it (?payment=success on /welcome).
    throw redirect({ href: `${decision.redirect}${location.searchStr}`, replace: true });
  }
  return { gate: decision };
}
