/** The router and the query client: one of each for the whole app. */
import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import type { AccessState } from "./access/gate";
import { createQueryClient } from "./api/query-client";
import { routeTree } from "./routeTree.gen";
import { toast } from "./ui/toaster";

export interface RouterContext {
  queryClient: QueryClient;
  /** Read by the access gate in the root route's beforeLoad. */
  access: AccessState;
  /** The 'Unauthorized' toast, then /sign-in after 500 ms (the gate uses it too). */
  signInAgain: () => void;
}

/**
 * Delay before the sign-in redirect after a 401 or a signed-out visit (docs/pages.md, "Timings").
 */
const UNAUTHORIZED_REDIRECT_MS = 500;
let unauthorizedRedirectPending = false;

/**
 * A 401 'Unauthorized' answer → toast, then /sign-in after 500 ms. A signed-out visitor
 * reaching a portal page gets the same (docs/pages.md, "Signing in and out").
 */
function signInAgain() {
  // Several queries can fail at once; one toast and one redirect are enough.
  if (unauthorizedRedirectPending) return;
  unauthorizedRedirectPending = true;
  toast({
    title: "Unauthorized",
    description: "You are logged out. Logging in again...",
    variant: "destructive",
  });
  window.setTimeout(() => {
    unauthorizedRedirectPending = false;
    // Replaced: Back would only return to a page that sends the visitor here again.
    void router.navigate({ to: "/sign-in", replace: true });
  }, UNAUTHORIZED_REDIRECT_MS);
}

export const queryClient = createQueryClient(signInAgain);

export const router = createRouter({
  routeTree,
  context: { queryClient, access: { kind: "loading" }, signInAgain },
  scrollRestoration: true,
  // A side-nav link's page starts loading its code and data when the pointer rests on it
  // (route loaders: api/page-data.ts).
  defaultPreload: "intent",
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
