/** Applies the pure access gate in the router's root beforeLoad. */
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { earlyReads } from "../api/page-data";
import type { RouterContext } from "../router";
import { CONSOLE_PATH, type GateDecision, gate, normalizePath } from "./gate";

/** Set while a sign-out the user asked for is running (see identity/use-sign-out.ts). */
export const signOutInProgress = { current: false };

export function applyGate(
  {
    access: state,
    signInAgain,
    queryClient,
  }: Pick<RouterContext, "access" | "signInAgain" | "queryClient">,
  location: ParsedLocation,
): { gate: GateDecision; early: boolean } {
  const decision = gate(state, location.pathname, location.search as Record<string, unknown>);
  const path = normalizePath(location.pathname);
  // The token is known and only the visitor's record is awaited: a portal page's loader may
  // start its reads now (api/page-data.ts). Never the console's, which a customer never reads.
  const early =
    state.kind === "signed-in" &&
    state.user === undefined &&
    path !== CONSOLE_PATH &&
    !path.startsWith(`${CONSOLE_PATH}/`);
  if (early) earlyReads.begin(queryClient, path);
  else earlyReads.settle(queryClient, path, decision);
  if ("redirect" in decision) {
    if (state.kind === "signed-out" && !signOutInProgress.current) {
      // docs/pages.md, "Signing in and out": a signed-out visitor reaching a portal page sees
      // the 'Unauthorized' toast there and moves to /sign-in 500 ms later; the root shows the
      // spinner meanwhile, never the page.
      signInAgain();
      return { gate: decision, early };
    }
    // The query stays: the fallback page may need it (?payment=success on /welcome).
    throw redirect({ href: `${decision.redirect}${location.searchStr}`, replace: true });
  }
  return { gate: decision, early };
}
