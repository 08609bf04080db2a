/**
 * Review and approval of a site's draft (docs/sites.md, "Review and approval"): the customer's
 * review page and the console's review panel read and write through these, each through the
 * typed `call()` (api/call.ts).
 */
import type { ReviewChangesRequest, ReviewRoundCreate } from "@portal/core/contracts/review";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { customerFileLink, fileLink } from "../content/queries";

/** The customer's view of one site's review: rounds newest first. */
export const siteReviewQuery = (id: string) => {
  const input = { params: { id } };
  return queryOptions({
    queryKey: apiKey("GET /api/sites/{id}/review", input),
    queryFn: () => call("GET /api/sites/{id}/review", input),
  });
};

/** The customer opens a change's attached file through their own download route. */
export const ownFileLink = async (fileId: string) => (await fileLink(fileId)).downloadUrl;

/** The team opens a customer's attached file through the staff route, which audits it. */
export const staffFileLink = (userId: string) => async (fileId: string) =>
  (await customerFileLink(userId, fileId)).url;

export const approveRound = (id: string, round: number) =>
  call("POST /api/sites/{id}/review/rounds/{round}/approve", { params: { id, round } });

export const requestChanges = (id: string, round: number, body: ReviewChangesRequest) =>
  call("POST /api/sites/{id}/review/rounds/{round}/changes", { params: { id, round }, body });

/** After the customer answers: the review, the sites list (its dashboard row) and the feed. */
export function refreshAfterAnswer(queryClient: QueryClient, id: string): Promise<void> {
  return queryClient
    .invalidateQueries({
      predicate: ({ queryKey }) =>
        queryKey[0] === siteReviewQuery(id).queryKey[0] ||
        queryKey[0] === "GET /api/sites" ||
        queryKey[0] === "GET /api/activities",
    })
    .then(() => undefined);
}

/** The team's view of one customer's site review. */
export const staffReviewQuery = (userId: string, siteId: string) => {
  const input = { params: { userId, siteId } };
  return queryOptions({
    queryKey: apiKey("GET /api/staff/customers/{userId}/sites/{siteId}/review", input),
    queryFn: () => call("GET /api/staff/customers/{userId}/sites/{siteId}/review", input),
  });
};

export const postRound = (userId: string, siteId: string, body: ReviewRoundCreate) =>
  call("POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds", {
    params: { userId, siteId },
    body,
  });

/** Change requests waiting on the team, a page at a time. */
export const reviewRequestsQuery = () =>
  infiniteQueryOptions({
    queryKey: apiKey("GET /api/staff/review-requests"),
    queryFn: ({ pageParam }) =>
      call("GET /api/staff/review-requests", { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
