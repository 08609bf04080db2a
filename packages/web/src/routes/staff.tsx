import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ConsoleShell } from "../staff/console-shell";
import { RenderInBackground } from "../ui/background-render";

/** The provider's console (docs/console.md): staff only (access/gate.ts), its own chunks. */
export const Route = createFileRoute("/staff")({ component: ConsoleLayout });

function ConsoleLayout() {
  return (
    <RenderInBackground>
      <ConsoleShell>
        <Outlet />
      </ConsoleShell>
    </RenderInBackground>
  );
}
