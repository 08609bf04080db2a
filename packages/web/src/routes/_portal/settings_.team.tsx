import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { TeamPage } from "../../team/team-page";

/** Settings → Team at /settings/team (docs/team.md), gated like Settings. */
export const Route = createFileRoute("/_portal/settings_/team")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { teamQuery } = await import("../../team/queries");
      return [context.queryClient.ensureQueryData(teamQuery())];
    }),
  component: TeamPage,
});
