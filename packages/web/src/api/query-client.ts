/** The TanStack Query client with the defaults of docs/pages.md, "Calling the API". */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
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

export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const handle = (error: unknown, meta: QueryMeta | undefined) => {
    // The server refused for the plan (docs/access.md): the stored user has changed since the
    // page loaded (a lapsed payment, a cancelled plan). Reading it again lets the access gate
    // move the visitor to the page it shows in that state.
    if (missingEntitlement(error)) void client.invalidateQueries({ queryKey: currentUserKey });
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
