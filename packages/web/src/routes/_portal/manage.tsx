import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { ManageSitesPage } from "../../sites/manage-page";

/** Manage Sites (docs/sites.md, "Manage Sites"). */
export const Route = createFileRoute("/_portal/manage")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { sitesQuery } = await import("../../sites/queries");
      return [context.queryClient.ensureQueryData(sitesQuery())];
    }),
  component: ManageSitesPage,
});
