/** Providers, the identity → access state bridge, and the router. */
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { type Access, AccessContext } from "./access/access-context";
import type { AccessState } from "./access/gate";
import { setTokenGetter } from "./api/client";
import { currentUserQuery } from "./api/current-user";
import { useIdentity } from "./identity/context";
import { IdentityProvider } from "./identity/identity-provider";
import { queryClient, router } from "./router";
import { useLostMembership } from "./team/lost-membership";
import { UiProvider } from "./ui/provider";

function RoutedApp() {
  const identity = useIdentity();
  const signedIn = identity.loaded && identity.signedIn;

  // Registered during render, before any query of this render can start fetching.
  setTokenGetter(signedIn ? identity.getToken : null);

  const userQuery = useQuery(currentUserQuery(signedIn));
  const user = signedIn ? userQuery.data : undefined;
  useLostMembership(signedIn ? userQuery.error : null, identity, queryClient);

  const access = useMemo<Access>(() => {
    const state: AccessState = !identity.loaded
      ? { kind: "loading" }
      : !identity.signedIn
        ? { kind: "signed-out" }
        : { kind: "signed-in", user };
    return { state, user };
  }, [identity.loaded, identity.signedIn, user]);

  // The gate runs in beforeLoad; re-run it whenever what it reads changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `access` is the trigger, not an input
  useEffect(() => {
    void router.invalidate();
  }, [access]);

  return (
    <AccessContext.Provider value={access}>
      <RouterProvider router={router} context={{ queryClient, access: access.state }} />
    </AccessContext.Provider>
  );
}

export function App() {
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <IdentityProvider>
          <RoutedApp />
        </IdentityProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}
