import { createFileRoute } from "@tanstack/react-router";
import { InvitationPage } from "../team/invitation-page";

/**
 * The page an invitation's mail links to (docs/team.md): open signed out and in every signed-in
 * state (docs/access.md, "The SPA's gate").
 */
export const Route = createFileRoute("/invitations/$token")({ component: InvitationRoute });

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
