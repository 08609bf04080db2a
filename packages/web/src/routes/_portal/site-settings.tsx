import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { SiteSettingsPage } from "../../sites/settings-page";

/**
 * Site Settings (docs/sites.md, "Site Settings"). ?site= preselects a site; choosing one updates
 * it.
 */
export const Route = createFileRoute("/_portal/site-settings")({
  validateSearch: (search: Record<string, unknown>): { site?: string } =>
    typeof search.site === "string" && search.site ? { site: search.site } : {},
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
