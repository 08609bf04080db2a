import { createRootRouteWithContext, Outlet, useRouterState } from "@tanstack/react-router";
import { useLayoutEffect } from "react";
import { useAccess } from "../access/access-context";
import { applyGate } from "../access/apply-gate";
import { gate } from "../access/gate";
import { AuthUnavailable } from "../identity/auth-unavailable";
import { useIdentity } from "../identity/context";
import { usePostSignUpSync } from "../identity/post-sign-up-sync";
import { revealApp } from "../prerender/take-over";
import type { RouterContext } from "../router";
import { FullPageSpinner } from "../ui/full-page-spinner";
import { NotFound } from "../ui/not-found";
import { Toaster } from "../ui/toaster";

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => applyGate(context, location),
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  const identity = useIdentity();
  const { state } = useAccess();
  // The location of the pages on screen, not of a navigation still under way: while a redirect
  // away from a page the visitor may not see is pending, that page's match is still the one
  // the Outlet would render, and it must not mount (and fetch) for a moment.
  const location = useRouterState({ select: (s) => s.resolvedLocation ?? s.location });
  usePostSignUpSync();
  // A pre-rendered page stays until the app knows who the visitor is (prerender/take-over.ts).
  const settled = identity.loaded || identity.failed;
  useLayoutEffect(() => {
    if (settled) revealApp();
  }, [settled]);

  if (identity.failed) return <AuthUnavailable />;

  // The same decision beforeLoad acts on: between a change of state and the redirect that
  // follows it, nothing the visitor may not see is rendered.
  const decision = gate(state, location.pathname, location.search as Record<string, unknown>);
  return (
    <>
      {"render" in decision ? <Outlet /> : <FullPageSpinner />}
      <Toaster />
    </>
  );
}
