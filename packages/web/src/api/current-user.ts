/**
 * The current-user query: the record the access gate and the shell read (docs/pages.md, "Calling
 * the API").
 */
import { queryOptions } from "@tanstack/react-query";
import { CURRENT_USER_PATH, fetchCurrentUser } from "./client";

export const currentUserKey = [CURRENT_USER_PATH] as const;

export function currentUserQuery(enabled: boolean) {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    staleTime: 10_000,
    gcTime: 30_000,
    retry: false,
  });
}
