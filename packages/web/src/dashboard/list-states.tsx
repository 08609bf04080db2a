/**
 * The dashboard's short lists (Recent Activity, Support Tickets): two skeleton rows while
 * loading, a muted line when loading failed or there is nothing yet, else the newest
 * DASHBOARD_LIST_SIZE items.
 */
import { Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DASHBOARD_LIST_SIZE } from "./site-display";

export function DashboardListStates<T>({
  query,
  errorText,
  emptyText,
  children,
}: {
  query: UseQueryResult<T[]>;
  errorText: string;
  emptyText: string;
  /** Renders the newest items (never an empty list). */
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="3">
        <Skeleton height="10" />
        <Skeleton height="10" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Text color="fg.muted" fontSize="sm" role="alert">
        {errorText}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {emptyText}
      </Text>
    );
  }
  return children(query.data.slice(0, DASHBOARD_LIST_SIZE));
}
