/** The TanStack Query client with the spec's defaults (part 1 §7). */
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { getQueryFn, isUnauthorizedError } from "./client";

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
    if (meta?.handlesUnauthorized) return;
    if (isUnauthorizedError(error)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
