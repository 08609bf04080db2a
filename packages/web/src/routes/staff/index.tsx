import { createFileRoute, redirect } from "@tanstack/react-router";

/** The console opens on the new requests. */
export const Route = createFileRoute("/staff/")({
  beforeLoad: () => {
    throw redirect({ to: "/staff/requests", replace: true });
  },
});
