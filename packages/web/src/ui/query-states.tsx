/**
 * The states a list read goes through, the same on every page: loading, failed, empty, and the
 * list. Each page passes what it shows in each (the spec gives every card its own texts).
 */
import { Skeleton, Stack } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";

export function ListStates<D, T>({
  query,
  select,
  loading,
  failed,
  empty,
  children,
}: {
  query: UseQueryResult<D>;
  /** The list inside the answer. */
  select: (data: D) => T[];
  loading: ReactNode;
  failed: ReactNode;
  empty: ReactNode;
  /** Renders the list; never called with an empty one. */
  children: (items: T[]) => ReactNode;
}) {
  // The answer's rows come from a background render (ui/background-render.tsx): the urgent
  // render that TanStack Query starts as the answer lands keeps the skeleton on screen.
  const shown = useDeferredValue(query);
  if (shown.isPending) return loading;
  if (shown.isError) return failed;
  const items = select(shown.data);
  return items.length === 0 ? empty : children(items);
}

/** Two skeleton rows: a short list loading. */
export function SkeletonRows({ height }: { height: string }) {
  return (
    <Stack gap="3">
      <Skeleton height={height} />
      <Skeleton height={height} />
    </Stack>
  );
}
