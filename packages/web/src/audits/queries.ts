/**
 * The one module of query options for SEO and Lighthouse runs: the lists, one run (polled
 * while it is queued or running), and the calls that start a run. Keys are the API paths.
 */
import {
  IN_FLIGHT_STATUSES,
  type LighthouseAnalyzeRequest,
  type LighthouseJob,
  lighthouseJobListSchema,
  lighthouseJobSchema,
  type SeoAnalyzeRequest,
  type SeoJob,
  seoJobListSchema,
  seoJobSchema,
} from "@portal/core/contracts/audit-jobs";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const SEO_RESULTS_PATH = "/api/seo/results";
export const LIGHTHOUSE_RESULTS_PATH = "/api/lighthouse/results";

/** How often a page asks about a run that is queued or running. */
export const POLL_MS = 1500;

export const isInFlight = (job: { status: string }) =>
  (IN_FLIGHT_STATUSES as readonly string[]).includes(job.status);

export const seoResultsQuery = () =>
  queryOptions({
    queryKey: [SEO_RESULTS_PATH],
    queryFn: async (): Promise<SeoJob[]> =>
      seoJobListSchema.parse(await apiJson("GET", SEO_RESULTS_PATH)),
  });

/**
 * Lighthouse runs are parsed one by one: a stored run whose result does not fit (no scores)
 * is kept with result null, so the page can say 'Analysis Error' for it alone.
 */
const parseLighthouseJob = (raw: unknown): LighthouseJob => {
  const parsed = lighthouseJobSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return lighthouseJobSchema.parse({ ...(raw as object), result: null });
};

export const lighthouseResultsQuery = () =>
  queryOptions({
    queryKey: [LIGHTHOUSE_RESULTS_PATH],
    queryFn: async (): Promise<LighthouseJob[]> => {
      const raw = await apiJson<unknown[]>("GET", LIGHTHOUSE_RESULTS_PATH);
      return lighthouseJobListSchema.parse(raw.map(parseLighthouseJob));
    },
  });

const pollWhileInFlight = (data: { status: string } | undefined) =>
  data && isInFlight(data) ? POLL_MS : false;

/** One SEO run, asked for again every POLL_MS while it is queued or running. */
export const seoJobQuery = (id: string) =>
  queryOptions({
    queryKey: [SEO_RESULTS_PATH, id],
    queryFn: async (): Promise<SeoJob> =>
      seoJobSchema.parse(await apiJson("GET", `${SEO_RESULTS_PATH}/${encodeURIComponent(id)}`)),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
    staleTime: 0,
  });

/** One Lighthouse run, asked for again every POLL_MS while it is queued or running. */
export const lighthouseJobQuery = (id: string) =>
  queryOptions({
    queryKey: [LIGHTHOUSE_RESULTS_PATH, id],
    queryFn: async (): Promise<LighthouseJob> =>
      parseLighthouseJob(
        await apiJson("GET", `${LIGHTHOUSE_RESULTS_PATH}/${encodeURIComponent(id)}`),
      ),
    refetchInterval: (query) => pollWhileInFlight(query.state.data),
    staleTime: 0,
  });

/** POST /api/seo/analyze: answers the queued job (202). */
export const startSeo = async (input: SeoAnalyzeRequest): Promise<SeoJob> =>
  seoJobSchema.parse(await apiJson("POST", "/api/seo/analyze", input));

/** POST /api/lighthouse/analyze: answers the queued job (202). */
export const startLighthouse = async (input: LighthouseAnalyzeRequest): Promise<LighthouseJob> =>
  parseLighthouseJob(await apiJson("POST", "/api/lighthouse/analyze", input));

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
