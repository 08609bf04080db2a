/**
 * The billing cards' lists (invoices, payment methods): two skeleton rows while loading, the
 * card's failure line in red, its empty line, else the list.
 */
import { Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

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
  if (query.isPending) {
    return (
      <Stack gap="3">
        <Skeleton height={skeletonHeight} />
        <Skeleton height={skeletonHeight} />
      </Stack>
    );
  }
  if (query.isError) return <Text color="fg.error">{errorText}</Text>;
  const items = select(query.data);
  if (items.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return children(items);
}
