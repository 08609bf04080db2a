/**
 * The one module of query options for the sites resource: GET /api/sites and the calls that
 * change a site, each through the typed `call()` (api/call.ts), keyed by `apiKey()`.
 */

import type { SiteUpdate } from "@portal/core/contracts/sites";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

export const sitesKey = apiKey("GET /api/sites");

/** The caller's sites (the shell's badge, Manage Sites, Site Settings, the quick-selects). */
export const sitesQuery = () =>
  queryOptions({ queryKey: sitesKey, queryFn: () => call("GET /api/sites") });

/** The site `id` names, else (when `fallbackToFirst`) the first one: the page's site picker. */
export function pickSite<S extends { id: string }>(
  sites: S[],
  id: string | undefined,
  fallbackToFirst = false,
) {
  return sites.find((site) => site.id === id) ?? (fallbackToFirst ? sites[0] : undefined);
}

/** A live site's uptime and certificate (docs/monitoring.md): Site Settings, the dashboard row. */
export const siteUptimeQuery = (siteId: string) => {
  const input = { params: { id: siteId } };
  return queryOptions({
    queryKey: apiKey("GET /api/sites/{id}/uptime", input),
    queryFn: () => call("GET /api/sites/{id}/uptime", input),
    // Checks run every 5 minutes; a minute old is fresh enough.
    staleTime: 60_000,
  });
};

export const updateSite = (id: string, patch: SiteUpdate) =>
  call("PATCH /api/sites/{id}", { params: { id }, body: patch });

export const deleteSite = (id: string) => call("DELETE /api/sites/{id}", { params: { id } });

export const addDomain = (id: string, domain: string) =>
  call("POST /api/sites/{id}/domain", { params: { id }, body: { domain } });

export const verifyDomain = (id: string) =>
  call("POST /api/sites/{id}/verify-domain", { params: { id } });

export const refreshAllScreenshots = () => call("POST /api/sites/refresh-screenshots");

export const refreshScreenshot = (id: string) =>
  call("POST /api/sites/{id}/screenshot", { params: { id } });
