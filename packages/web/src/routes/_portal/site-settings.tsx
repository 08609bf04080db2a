import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { loadPageData } from "../../api/page-data";
import { SiteSettingsPage } from "../../sites/settings-page";

/**
 * Site Settings (docs/sites.md, "Site Settings"). ?site= preselects a site; choosing one updates
 * it.
 */
export const Route = createFileRoute("/_portal/site-settings")({
  validateSearch: (search: Record<string, unknown>): { site?: string } =>
    typeof search.site === "string" && search.site ? { site: search.site } : {},
  loaderDeps: ({ search }) => ({ site: search.site }),
  // The uptime card shows for the chosen site once the list says it is live.
  loader: ({ context, deps }) =>
    loadPageData(context, async () => {
      // The form is a chunk of its own (sites/settings-page.tsx), fetched with the list.
      const form = import("../../sites/settings-form");
      const { pickSite, siteUptimeQuery, sitesQuery } = await import("../../sites/queries");
      const { queryClient } = context;
      return [
        form,
        queryClient.ensureQueryData(sitesQuery()).then((list) => {
          const site = pickSite(list, deps.site);
          return site?.status === "live"
            ? queryClient.ensureQueryData(siteUptimeQuery(site.id))
            : undefined;
        }),
      ];
    }),
  component: SiteSettingsRoute,
});

function SiteSettingsRoute() {
  const { site } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSelect = useCallback(
    (next: string | undefined) =>
      void navigate({ search: next ? { site: next } : {}, replace: true }),
    [navigate],
  );
  return <SiteSettingsPage selectedId={site} onSelect={onSelect} />;
}
