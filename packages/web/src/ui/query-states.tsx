/**
 * The states a read goes through, the same on every page. A list: loading, failed, empty, and
 * the list (ListStates). One record: loading, not found, failed, and the record (RecordStates,
 * or RecordFailed alone where the record's loading is drawn by the page itself).
 * Each page passes its own texts (the spec gives every card its own).
 */
import { Alert, Box, Button, Center, Skeleton, Spinner, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect, useRef } from "react";
import { ApiError } from "../api/api-error";

export function ListStates<D, T>({
  query,
  select,
  loading,
  failed,
  empty,
  children,
  onShown,
}: {
  query: UseQueryResult<D>;
  /** The list inside the answer. */
  select: (data: D) => T[];
  loading: ReactNode;
  failed: ReactNode;
  empty: ReactNode;
  /** Renders the list; never called with an empty one. */
  children: (items: T[]) => ReactNode;
  /** Called once, after the first commit that shows the answer (the list, empty or failed). */
  onShown?: () => void;
}) {
  // The answer's rows come from a background render (ui/background-render.tsx): the urgent
  // render that TanStack Query starts as the answer lands keeps the skeleton on screen.
  const shown = useDeferredValue(query);
  const told = useRef(false);
  useEffect(() => {
    if (shown.isPending || !onShown || told.current) return;
    told.current = true;
    onShown();
  });
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

/**
 * The spinner of a page's main read: `label` is what a screen reader hears ("Loading ticket");
 * with `showLabel` it is also written under the spinner.
 */
export function LoadingSpinner({
  label,
  py = "16",
  showLabel = false,
}: {
  label: string;
  py?: string;
  showLabel?: boolean;
}) {
  return (
    <Center py={py} flexDirection="column" gap="3">
      <Spinner size="lg" color="brand.solid" aria-label={showLabel ? undefined : label} />
      {showLabel ? (
        <Text color="fg.muted" role="status">
          {label}
        </Text>
      ) : null}
    </Center>
  );
}

/** A read that failed: `title` ("We couldn't load this ticket."), and Try again when given. */
export function LoadFailed({ title, retry }: { title: string; retry?: () => unknown }) {
  return (
    <Alert.Root status="error" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>Please try again in a moment.</Alert.Description>
      </Alert.Content>
      {retry ? (
        <Button size="sm" variant="outline" onClick={() => void retry()}>
          Try again
        </Button>
      ) : null}
    </Alert.Root>
  );
}

/** An empty list's one line, in a card of its own. */
export function EmptyCard({ text }: { text: string }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p="8" textAlign="center">
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

/** What a 404 means for one record: a notice, with nothing to retry. */
export interface NotFoundNotice {
  title: string;
  text?: string;
}

/**
 * A record's read that failed: `notFound` when the server answered 404 and it is given, else
 * `failed` with Try again.
 */
export function RecordFailed({
  error,
  retry,
  failed,
  notFound,
}: {
  error: unknown;
  retry: () => unknown;
  failed: string;
  notFound?: NotFoundNotice;
}) {
  if (notFound && ApiError.from(error)?.status === 404) {
    return (
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{notFound.title}</Alert.Title>
          {notFound.text ? <Alert.Description>{notFound.text}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <LoadFailed title={failed} retry={retry} />;
}

/**
 * One record's read: while it loads a spinner (or the skeleton given as `loading`), when it
 * failed RecordFailed, else the record.
 */
export function RecordStates<D>({
  query,
  loading,
  failed,
  notFound,
  children,
}: {
  query: UseQueryResult<D>;
  /** The spinner's label ("Loading ticket"), or what shows instead of a spinner. */
  loading: string | ReactNode;
  /** The failure's title ("We couldn't load this ticket."). */
  failed: string;
  /** What a 404 means here; left out, a 404 is a failure like any other. */
  notFound?: NotFoundNotice;
  children: (record: D) => ReactNode;
}) {
  if (query.isPending) {
    return typeof loading === "string" ? <LoadingSpinner label={loading} /> : loading;
  }
  if (query.isError) {
    return (
      <RecordFailed error={query.error} retry={query.refetch} failed={failed} notFound={notFound} />
    );
  }
  return children(query.data);
}
