/**
 * The Analytics page's Overview tab: the four headline figures and the visits chart. Until the
 * figures arrive, each place holds a skeleton of its own height, so nothing jumps.
 */
import { Card, EmptyState, Flex, SimpleGrid, Skeleton, Stack, Stat, Text } from "@chakra-ui/react";
import type { AnalyticsData } from "@portal/core/contracts/analytics";
import { BarChart3 } from "lucide-react";
import { formatCount, pagesPerVisitor, shortDay, singlePageShare } from "./figures";
import { VisitsChart } from "./visits-chart";

export function Overview({
  data,
  siteName,
}: {
  data: AnalyticsData | undefined;
  siteName: string;
}) {
  const perVisitor = data ? pagesPerVisitor(data.totals) : null;
  const single = data ? singlePageShare(data.totals) : null;
  const cards: Array<{ label: string; value: string | undefined; help: string }> = [
    {
      label: "Total Visitors",
      value: data && formatCount(data.totals.visitors),
      help: "Each counted once a day, without cookies",
    },
    {
      label: "Page Views",
      value: data && formatCount(data.totals.pageViews),
      help: "Pages loaded, bots left out",
    },
    {
      label: "Pages per Visitor",
      value: data && (perVisitor ?? "--"),
      help: "In place of session length, which needs cookies",
    },
    {
      label: "Single-page Visits",
      value: data && (single === null ? "--" : `${single}%`),
      help: "Visitors who viewed one page that day: the bounce rate without cookies",
    },
  ];

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "3", md: "4" }}>
        {cards.map((card) => (
          <Card.Root key={card.label} bg="bg" borderRadius="xl" size="sm">
            <Card.Body>
              <Stat.Root gap="1">
                <Stat.Label>{card.label}</Stat.Label>
                {card.value === undefined ? (
                  <Skeleton height="8" width="16" />
                ) : (
                  <Stat.ValueText
                    fontSize={{ base: "xl", md: "2xl" }}
                    data-testid={`stat-${card.label.toLowerCase().replace(/[^a-z]+/g, "-")}`}
                  >
                    {card.value}
                  </Stat.ValueText>
                )}
                <Stat.HelpText fontSize="xs" color="fg.muted">
                  {card.help}
                </Stat.HelpText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <Card.Root bg="bg" borderRadius="xl">
        <Card.Header pb="2">
          <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
            <Card.Title as="h2" fontSize="md">
              Visits over time
            </Card.Title>
            {data && (
              <Text fontSize="xs" color="fg.muted">
                {shortDay(data.from)} – {shortDay(data.to)} (UTC days)
              </Text>
            )}
          </Flex>
        </Card.Header>
        {/* One height for loading, empty and chart, so nothing below jumps when figures arrive. */}
        <Card.Body pt="2" minH={{ base: "72", md: "80" }} justifyContent="center">
          {!data ? (
            <Skeleton height={{ base: "60", md: "72" }} />
          ) : data.totals.pageViews === 0 ? (
            <EmptyState.Root size="sm" py="8">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <BarChart3 aria-hidden />
                </EmptyState.Indicator>
                <EmptyState.Title as="h3">No visits yet</EmptyState.Title>
                <EmptyState.Description textAlign="center" maxW="md">
                  Nothing was counted for {siteName} in this period. Visits appear here once the
                  tracking snippet below is on the site's pages.
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <VisitsChart daily={data.daily} />
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
