/** The pieces every console page shares: paging, badges, section cards (list states: ui/query-states.tsx). */
import { Badge, Button, Heading, Stack } from "@chakra-ui/react";
import { SITE_STATUS_LABELS, type SiteStatus } from "@portal/core/sites/enums";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { manageStatusPalette } from "../sites/site-status";

/** The rows of every page loaded so far: a paged list's `select` for ListStates. */
export function pageItems<T>(data: { pages: { items: T[] }[] }): T[] {
  return data.pages.flatMap((page) => page.items);
}

/** The same rows from the query, none while it loads. */
export function allItems<T>(query: UseInfiniteQueryResult<{ pages: { items: T[] }[] }>): T[] {
  return query.data ? pageItems(query.data) : [];
}

/** "Load more" while the server has another page. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      alignSelf="center"
      variant="outline"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      Load more
    </Button>
  );
}

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const label = SITE_STATUS_LABELS[status];
  return (
    <Badge colorPalette={manageStatusPalette(status)} variant="subtle">
      {label}
    </Badge>
  );
}

export function SubscriptionBadge({
  customer,
}: {
  customer: { subscriptionActive: boolean; subscriptionStatus: string | null };
}) {
  if (customer.subscriptionActive) {
    return (
      <Badge colorPalette="green" variant="subtle">
        Active
      </Badge>
    );
  }
  return (
    <Badge colorPalette={customer.subscriptionStatus ? "red" : "gray"} variant="subtle">
      {customer.subscriptionStatus ? customer.subscriptionStatus.replace("_", " ") : "Not paid"}
    </Badge>
  );
}

/** A titled card on a console page. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack
      as="section"
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
    >
      <Stack direction="row" justify="space-between" align="center" gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}
