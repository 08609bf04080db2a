/**
 * A change to one of the customer's sites (save, delete, add or verify a domain): after a
 * success the sites list is refetched, so every page shows the new state; a 401 is left to
 * the shared 'Unauthorized' path (router.tsx), any other failure goes to `onFailure`.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "../api/client";
import { sitesQuery } from "./queries";

export function useSiteMutation<TData, TVariables = void>({
  mutationFn,
  onSuccess,
  onFailure,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess: (data: TData) => void;
  onFailure: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      onSuccess(data);
      void queryClient.invalidateQueries({ queryKey: sitesQuery().queryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      onFailure(error);
    },
  });
}
