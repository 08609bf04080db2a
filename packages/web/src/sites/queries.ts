/**
 * The one module of query options for the sites resource: GET /api/sites and the calls that
 * change a site. The key is the API path, as everywhere in the SPA, so the default query
 * function and invalidations agree.
 */

import { type SiteUptime, siteUptimeSchema } from "@portal/core/contracts/monitoring";
import {
  type AddDomainResponse,
  type RefreshScreenshotResponse,
  type RefreshScreenshotsResponse,
  type Site,
  type SiteUpdate,
  siteListSchema,
  type VerifyDomainResponse,
} from "@portal/core/contracts/sites";
import { queryOptions } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../api/client";

export const SITES_PATH = "/api/sites";
export const sitesKey = [SITES_PATH] as const;

/** The caller's sites (the shell's badge, Manage Sites, Site Settings, the quick-selects). */
export const sitesQuery = () =>
  queryOptions({
    queryKey: sitesKey,
    queryFn: async (): Promise<Site[]> => siteListSchema.parse(await apiJson("GET", SITES_PATH)),
  });

/** The site `id` names, else (when `fallbackToFirst`) the first one: the page's site picker. */
export function pickSite(sites: Site[], id: string | undefined, fallbackToFirst = false) {
  return sites.find((site) => site.id === id) ?? (fallbackToFirst ? sites[0] : undefined);
}

/** A live site's uptime and certificate (docs/monitoring.md): Site Settings, the dashboard row. */
export const siteUptimeQuery = (siteId: string) =>
  queryOptions({
    queryKey: [`${SITES_PATH}/${encodeURIComponent(siteId)}/uptime`],
    queryFn: async (): Promise<SiteUptime> =>
      siteUptimeSchema.parse(
        await apiJson("GET", `${SITES_PATH}/${encodeURIComponent(siteId)}/uptime`),
      ),
    // Checks run every 5 minutes; a minute old is fresh enough.
    staleTime: 60_000,
  });

export const updateSite = (id: string, patch: SiteUpdate) =>
  apiJson<Site>("PATCH", `${SITES_PATH}/${encodeURIComponent(id)}`, patch);

export const deleteSite = async (id: string) => {
  await apiRequest("DELETE", `${SITES_PATH}/${encodeURIComponent(id)}`);
};

export const addDomain = (id: string, domain: string) =>
  apiJson<AddDomainResponse>("POST", `${SITES_PATH}/${encodeURIComponent(id)}/domain`, {
    domain,
  });

export const verifyDomain = (id: string) =>
  apiJson<VerifyDomainResponse>("POST", `${SITES_PATH}/${encodeURIComponent(id)}/verify-domain`);

export const refreshAllScreenshots = () =>
  apiJson<RefreshScreenshotsResponse>("POST", `${SITES_PATH}/refresh-screenshots`);

export const refreshScreenshot = (id: string) =>
  apiJson<RefreshScreenshotResponse>("POST", `${SITES_PATH}/${encodeURIComponent(id)}/screenshot`);
