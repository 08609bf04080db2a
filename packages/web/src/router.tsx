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
}

/** Delay before the sign-in redirect after a 401 (spec part 1 §9). */
const UNAUTHORIZED_REDIRECT_MS = 500;
let unauthorizedRedirectPending = false;

/** Spec part 1 §8: a 401 'Unauthorized' answer → toast, then /sign-in after 500 ms. */
function onUnauthorized() {
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
    void router.navigate({ to: "/sign-in" });
  }, UNAUTHORIZED_REDIRECT_MS);
}

export const queryClient = createQueryClient(onUnauthorized);

export const router = createRouter({
  routeTree,
  context: { queryClient, access: { kind: "loading" } },
  scrollRestoration: true,
  defaultPreload: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
