/**
 * The one module of query options for SEO and Lighthouse runs: the lists, one run (polled
 * while it is queued or running), and the calls that start a run, each through the typed
 * `call()` (api/call.ts). A stored Lighthouse run whose result does not fit is read with result
 * null (its contract, storedLighthouseJobSchema), so the page can say 'Analysis Error' for it.
 */
import {
  IN_FLIGHT_STATUSES,
  type LighthouseAnalyzeRequest,
  type SeoAnalyzeRequest,
} from "@portal/core/contracts/audit-jobs";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

/** How often a page asks about a run that is queued or running. */
export const POLL_MS = 1500;

export const isInFlight = (job: { status: string }) =>
  (IN_FLIGHT_STATUSES as readonly string[]).includes(job.status);

export const seoResultsQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/seo/results"),
    queryFn: () => call("GET /api/seo/results"),
  });

export const lighthouseResultsQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/lighthouse/results"),
    queryFn: () => call("GET /api/lighthouse/results"),
  });

const pollWhileInFlight = (data: { status: string } | undefined) =>
  data && isInFlight(data) ? POLL_MS : false;

/** One SEO run, asked for again every POLL_MS while it is queued or running. */
export const seoJobQuery = (id: string) => {
  const input = { params: { id } };
  return queryOptions({
    queryKey: apiKey("GET /api/seo/results/{id}", input),
    queryFn: () => call("GET /api/seo/results/{id}", input),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
    staleTime: 0,
  });
};

/** One Lighthouse run, asked for again every POLL_MS while it is queued or running. */
export const lighthouseJobQuery = (id: string) => {
  const input = { params: { id } };
  return queryOptions({
    queryKey: apiKey("GET /api/lighthouse/results/{id}", input),
    queryFn: () => call("GET /api/lighthouse/results/{id}", input),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
    staleTime: 0,
  });
};

/** POST /api/seo/analyze: answers the queued job (202). */
export const startSeo = (input: SeoAnalyzeRequest) =>
  call("POST /api/seo/analyze", { body: input });

/** POST /api/lighthouse/analyze: answers the queued job (202). */
export const startLighthouse = (input: LighthouseAnalyzeRequest) =>
  call("POST /api/lighthouse/analyze", { body: input });

/** Puts a run (new, or newer) at its place in the list the page shows. */
export function storeJob<T extends { id: string }>(
  queryClient: QueryClient,
  key: readonly unknown[],
  job: T,
): void {
  queryClient.setQueryData<T[]>(key, (list) => {
    if (!list) return [job];
    return list.some((j) => j.id === job.id)
      ? list.map((j) => (j.id === job.id ? job : j))
      : [job, ...list];
  });
}
