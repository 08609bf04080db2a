/** A titled card listing counted keys (pages, hosts, countries, devices) with share bars. */
import { Box, Card, EmptyState, Flex, Stack, Text } from "@chakra-ui/react";
import type { CountedKey } from "@portal/core/contracts/analytics";
import type { ReactNode } from "react";
import { formatCount, percentOf, totalOf } from "./figures";

export function RankedList({
  title,
  items,
  label = (key) => key,
  countLabel,
  emptyText,
  note,
  total: totalOverride,
  mono = false,
}: {
  title: string;
  items: CountedKey[];
  label?: (key: string) => ReactNode;
  /** Column heading of the counts, e.g. "Page views". */
  countLabel: string;
  emptyText: string;
  /** A line under the list (what the figures can and cannot tell). */
  note?: string;
  /** What the shares are of (all page views); default: the listed counts. */
  total?: number;
  /** Paths and hosts read better in a monospace face. */
  mono?: boolean;
}) {
  const total = totalOverride ?? totalOf(items);
  return (
    <Card.Root bg="bg" borderRadius="xl" h="full">
      <Card.Header pb="2">
        <Flex justify="space-between" align="baseline" gap="3">
          <Card.Title as="h2" fontSize="md">
            {title}
          </Card.Title>
          {items.length > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {countLabel}
            </Text>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {items.length === 0 ? (
          <EmptyState.Root size="sm" py="6">
            <EmptyState.Content>
              <EmptyState.Description textAlign="center">{emptyText}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ol" gap="2.5" listStyleType="none" aria-label={title}>
            {items.map((item) => (
              <Box as="li" key={item.key} position="relative">
                <Box
                  position="absolute"
                  insetY="0"
                  insetStart="0"
                  borderRadius="md"
                  bg="brand.subtle"
                  style={{ width: `${Math.max(2, percentOf(item.count, total))}%` }}
                  aria-hidden
                />
                <Flex position="relative" justify="space-between" gap="3" px="2" py="1.5">
                  <Text
                    fontSize="sm"
                    truncate
                    minW="0"
                    fontFamily={mono ? "mono" : undefined}
                    title={item.key}
                  >
                    {label(item.key)}
                  </Text>
                  <Text fontSize="sm" fontWeight="medium" flexShrink="0">
                    {formatCount(item.count)}
                    <Text as="span" color="fg.muted" fontWeight="normal" ms="2">
                      {percentOf(item.count, total)}%
                    </Text>
                  </Text>
                </Flex>
              </Box>
            ))}
          </Stack>
        )}
        {note && (
          <Text fontSize="xs" color="fg.muted" mt="4">
            {note}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
