/**
 * Follows the run a page is waiting for: the one just started, else the newest run of the
 * list still queued or running (the customer came back to the page). It is polled while in
 * flight; when it ends, the list gets its final state and `onFinished` runs once.
 */
import {
  type QueryClient,
  type UseQueryOptions,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { isInFlight, storeJob } from "./queries";

interface Job {
  id: string;
  status: string;
}

export function useJobWatch<J extends Job>(options: {
  listKey: readonly unknown[];
  list: J[] | undefined;
  jobQuery: (id: string) => UseQueryOptions<J, Error, J, readonly unknown[]>;
  onFinished: (job: J, queryClient: QueryClient) => void;
}) {
  const { listKey, list, jobQuery, onFinished } = options;
  const queryClient = useQueryClient();
  const [startedId, setStartedId] = useState<string | null>(null);
  const resumeId = list?.find(isInFlight)?.id ?? null;
  const watchId = startedId ?? resumeId;
  const job = useQuery({ ...jobQuery(watchId ?? "none"), enabled: watchId !== null });

  const reported = useRef(new Set<string>());
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    const current = job.data;
    if (!current || current.id !== watchId || isInFlight(current)) return;
    if (reported.current.has(current.id)) return;
    reported.current.add(current.id);
    storeJob(queryClient, listKey, current);
    if (startedId === current.id) setStartedId(null);
    finished.current(current, queryClient);
  }, [job.data, watchId, startedId, listKey, queryClient]);

  /** A run the page just started (the POST's 202 answer): shown at once and watched. */
  const start = useCallback(
    (started: J) => {
      storeJob(queryClient, listKey, started);
      queryClient.setQueryData(jobQuery(started.id).queryKey, started);
      setStartedId(started.id);
    },
    [queryClient, listKey, jobQuery],
  );

  const watched = watchId
    ? job.data?.id === watchId
      ? job.data
      : list?.find((j) => j.id === watchId)
    : undefined;
  return { watched: watched && isInFlight(watched) ? watched : undefined, start };
}
