/** The TanStack Query client with the defaults of docs/pages.md, "Calling the API". */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { isUnauthorizedError, missingEntitlement } from "./client";
import { currentUserKey } from "./current-user";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** The caller shows its own message for a 401, so the shared 'Unauthorized' flow stays out. */
  handlesUnauthorized?: boolean;
}

/**
 * A 403 saying the person's place in the account changed since the page loaded (docs/team.md):
 * their role no longer covers the route (`owner_required`: ownership handed over, say), or they
 * are no longer a member (`not_a_member`). Reading the current user again lets the gate hide
 * the owner's pages, or, for a lost membership, the session go back to their own account
 * (team/lost-membership.ts).
 */
const MEMBERSHIP_CODES: ReadonlySet<string> = new Set(["owner_required", "not_a_member"]);
function changedMembership(error: unknown): boolean {
  const apiError = ApiError.from(error);
  return apiError?.status === 403 && MEMBERSHIP_CODES.has(apiError.code ?? "");
}

export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const handle = (error: unknown, meta: QueryMeta | undefined) => {
    // The server refused for the plan (docs/access.md): the stored user has changed since the
    // page loaded (a lapsed payment, a cancelled plan), or for the person's role or membership.
    // Reading it again lets the access gate move the visitor to the page it shows in that state.
    if (missingEntitlement(error) || changedMembership(error)) {
      void client.invalidateQueries({ queryKey: currentUserKey });
    }
    if (meta?.handlesUnauthorized) return;
    if (isUnauthorizedError(error)) onUnauthorized();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
