/** The pieces every console page shares: list states, paging, badges, section cards. */
import { Alert, Badge, Box, Button, Center, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { SITE_STATUS_LABELS, type SiteStatus } from "@portal/core/sites/enums";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { manageStatusPalette } from "../sites/site-status";

/** Loading, failed (with retry), empty, or the rows. */
export function LoadState({
  query,
  label,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  label: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="12">
        <Spinner size="lg" color="brand.solid" aria-label={`Loading ${label}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>We couldn't load the {label}.</Alert.Title>
          <Alert.Description>Please try again in a moment.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (isEmpty) {
    return (
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p="8" textAlign="center">
        <Text color="fg.muted">{empty}</Text>
      </Box>
    );
  }
  return <>{children}</>;
}

/** The rows of every page loaded so far. */
export function allItems<T>(query: UseInfiniteQueryResult<{ pages: { items: T[] }[] }>): T[] {
  return query.data?.pages.flatMap((page) => page.items) ?? [];
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

export function SiteStatusBadge({ status }: { status: string }) {
  const label = SITE_STATUS_LABELS[status as SiteStatus] ?? status;
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
