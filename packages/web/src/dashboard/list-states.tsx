/**
 * The dashboard's short lists (Recent Activity, Support Tickets): two skeleton rows while
 * loading, a muted line when loading failed or there is nothing yet, else the newest
 * DASHBOARD_LIST_SIZE items.
 */
import { Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ListStates, SkeletonRows } from "../ui/query-states";
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
  return (
    <ListStates
      query={query}
      select={(items) => items.slice(0, DASHBOARD_LIST_SIZE)}
      loading={<SkeletonRows height="10" />}
      failed={
        <Text color="fg.muted" fontSize="sm" role="alert">
          {errorText}
        </Text>
      }
      empty={
        <Text color="fg.muted" fontSize="sm">
          {emptyText}
        </Text>
      }
    >
      {children}
    </ListStates>
  );
}
