import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppShell } from "../shell/app-shell";
import { RenderInBackground } from "../ui/background-render";

/** Pathless layout: every signed-in portal page renders inside the shared shell. */
export const Route = createFileRoute("/_portal")({ component: PortalLayout });

function PortalLayout() {
  return (
    <RenderInBackground>
      <AppShell>
        <Outlet />
      </AppShell>
    </RenderInBackground>
  );
}
