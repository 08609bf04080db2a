/**
 * The billing cards' lists (invoices, payment methods): two skeleton rows while loading, the
 * card's failure line in red (the server's own message when Stripe is unavailable), its empty
 * line, else the list.
 */
import { Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { unavailableMessage } from "../api/api-error";
import { ListStates, SkeletonRows } from "../ui/query-states";

export function BillingListStates<D, T>({
  query,
  select,
  skeletonHeight,
  errorText,
  emptyText,
  children,
}: {
  query: UseQueryResult<D>;
  /** The list inside the answer. */
  select: (data: D) => T[];
  skeletonHeight: string;
  errorText: string;
  emptyText: string;
  /** Renders the list (never empty). */
  children: (items: T[]) => ReactNode;
}) {
  return (
    <ListStates
      query={query}
      select={select}
      loading={<SkeletonRows height={skeletonHeight} />}
      failed={<Text color="fg.error">{unavailableMessage(query.error) ?? errorText}</Text>}
      empty={<Text color="fg.muted">{emptyText}</Text>}
    >
      {children}
    </ListStates>
  );
}
