import { createFileRoute, redirect } from "@tanstack/react-router";

/** The user menu's View Profile: the profile widget lives on Account Settings. */
export const Route = createFileRoute("/_portal/user-profile")({
  beforeLoad: () => {
    throw redirect({ to: "/settings", replace: true });
  },
});
