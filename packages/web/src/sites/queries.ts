/**
 * The one module of query options for the sites resource: GET /api/sites and the calls that
 * change a site. The key is the API path, as everywhere in the SPA, so the default query
 * function and invalidations agree.
 */
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
