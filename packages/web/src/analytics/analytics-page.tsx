/**
 * Website Analytics (/analytics, docs/analytics.md, "The Analytics page"): first-party figures for
 * one of the customer's sites over 7, 30 or 90 days, counted by the tracking snippet without
 * cookies, in three tabs; the snippet to install; and the Google Analytics connection. Every figure
 * is a real aggregate; what cannot be measured without cookies (session length, bounce rate) is
 * replaced by what can, and says so.
 */
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Tabs,
  Text,
} from "@chakra-ui/react";
import {
  ANALYTICS_RANGES,
  type AnalyticsData,
  type AnalyticsRange,
} from "@portal/core/contracts/analytics";
import type { Site } from "@portal/core/contracts/sites";
import { useQuery } from "@tanstack/react-query";
import { BarChart3, Monitor, RefreshCw, Smartphone, Tablet } from "lucide-react";
import type { ReactNode } from "react";
import { ApiError } from "../api/api-error";
import { PageHeader } from "../shell/app-shell";
import { pickSite } from "../sites/queries";
import { NoSitesYet, SiteListStates, useSites } from "../sites/site-list-states";
import { Tooltip } from "../ui/tooltip";
import {
  countryName,
  DEVICE_LABELS,
  formatCount,
  pagesPerVisitor,
  shortDay,
  singlePageShare,
} from "./figures";
import { GaCard } from "./ga-card";
import { analyticsDataQuery } from "./queries";
import { RankedList } from "./ranked-list";
import { SnippetCard } from "./snippet-card";
import { VisitsChart } from "./visits-chart";

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
};

export interface AnalyticsPageProps {
  siteId: string | undefined;
  range: AnalyticsRange;
  onChange: (next: { site?: string; range: AnalyticsRange }) => void;
}

export function AnalyticsPage({ siteId, range, onChange }: AnalyticsPageProps) {
  const sites = useSites();

  return (
    <>
      <PageHeader title="Website Analytics" />
      <SiteListStates
        sites={sites}
        loading={
          <Stack gap="4" aria-busy="true">
            <Skeleton height="10" maxW="md" />
            <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height="24" borderRadius="xl" />
              ))}
            </SimpleGrid>
            <Skeleton height="64" borderRadius="xl" />
          </Stack>
        }
        empty={
          <Stack gap="6">
            <NoSitesYet description="Analytics start once your first site exists and carries the tracking snippet." />
            <GaCard />
          </Stack>
        }
      >
        {(list) => {
          const site = pickSite(list, siteId, true);
          return site ? (
            <SiteAnalytics
              sites={list}
              site={site}
              range={range}
              onSite={(next) => onChange({ site: next, range })}
              onRange={(next) => onChange({ site: site.id, range: next })}
            />
          ) : null;
        }}
      </SiteListStates>
    </>
  );
}

function SiteAnalytics({
  sites,
  site,
  range,
  onSite,
  onRange,
}: {
  sites: Site[];
  site: Site;
  range: AnalyticsRange;
  onSite: (siteId: string) => void;
  onRange: (range: AnalyticsRange) => void;
}) {
  const data = useQuery(analyticsDataQuery(site.id, range));

  return (
    <Stack gap="6">
      <Flex
        gap="3"
        direction={{ base: "column", md: "row" }}
        align={{ base: "stretch", md: "center" }}
        justify="space-between"
      >
        <NativeSelect.Root w={{ base: "full", md: "72" }}>
          <NativeSelect.Field
            bg="bg"
            aria-label="Site"
            value={site.id}
            onChange={(event) => onSite(event.target.value)}
          >
            {sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="2" justify={{ base: "space-between", md: "flex-end" }}>
          <HStack
            role="group"
            aria-label="Date range"
            gap="0.5"
            p="0.5"
            bg="bg"
            borderWidth="1px"
            borderRadius="lg"
          >
            {ANALYTICS_RANGES.map((r) => (
              <Button
                key={r}
                size="sm"
                variant={r === range ? "solid" : "ghost"}
                colorPalette={r === range ? "brand" : undefined}
                aria-pressed={r === range}
                onClick={() => onRange(r)}
              >
                {RANGE_LABELS[r]}
              </Button>
            ))}
          </HStack>
          <Tooltip content="Refresh figures">
            <Button
              size="sm"
              variant="outline"
              bg="bg"
              aria-label="Refresh figures"
              loading={data.isFetching && !data.isPending}
              onClick={() => void data.refetch()}
            >
              <RefreshCw aria-hidden />
            </Button>
          </Tooltip>
        </HStack>
      </Flex>

      {data.isError ? (
        <Alert.Root status="error" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {ApiError.from(data.error)?.status === 404
                ? "This site's analytics could not be found."
                : "We couldn't load the analytics for this site."}
            </Alert.Title>
            <Alert.Description>Please try again in a moment.</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void data.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      ) : (
        <Tabs.Root defaultValue="overview" variant="line" lazyMount>
          <Tabs.List overflowX="auto" overflowY="hidden">
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="audience">Audience</Tabs.Trigger>
            <Tabs.Trigger value="behavior">Behavior</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview" pt="5">
            <Overview data={data.data} siteName={site.name} />
          </Tabs.Content>
          <Tabs.Content value="audience" pt="5">
            {data.data ? <Audience data={data.data} /> : <TwoCardsLoading />}
          </Tabs.Content>
          <Tabs.Content value="behavior" pt="5">
            {data.data ? <Behavior data={data.data} /> : <TwoCardsLoading />}
          </Tabs.Content>
        </Tabs.Root>
      )}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <SnippetCard siteId={site.id} siteName={site.name} />
        <GaCard />
      </SimpleGrid>
    </Stack>
  );
}

function Overview({ data, siteName }: { data: AnalyticsData | undefined; siteName: string }) {
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

const DEVICE_ICONS: Record<string, ReactNode> = {
  desktop: <Monitor size={14} aria-hidden />,
  mobile: <Smartphone size={14} aria-hidden />,
  tablet: <Tablet size={14} aria-hidden />,
};

function Audience({ data }: { data: AnalyticsData }) {
  const onlyUnknown = data.countries.length > 0 && data.countries.every((c) => c.key === "unknown");
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <RankedList
        title="Top Countries"
        items={data.countries}
        total={data.totals.pageViews}
        label={countryName}
        countLabel="Page views"
        emptyText="No visitors in this period yet."
        note={
          onlyUnknown
            ? "Countries show when visits reach us through a CDN that reports the visitor's country."
            : undefined
        }
      />
      <RankedList
        title="Device Types"
        items={data.devices}
        total={data.totals.pageViews}
        label={(key) => (
          <HStack as="span" gap="2">
            {DEVICE_ICONS[key]}
            <span>{DEVICE_LABELS[key] ?? key}</span>
          </HStack>
        )}
        countLabel="Page views"
        emptyText="No visitors in this period yet."
      />
    </SimpleGrid>
  );
}

function Behavior({ data }: { data: AnalyticsData }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <RankedList
        title="Most Visited Pages"
        items={data.pages}
        total={data.totals.pageViews}
        countLabel="Page views"
        emptyText="No page views in this period yet."
        mono
      />
      <RankedList
        title="Top Referrers"
        items={data.referrers}
        countLabel="Page views"
        emptyText="No referrals yet: visitors came directly, or from the site's own pages."
        mono
      />
    </SimpleGrid>
  );
}

function TwoCardsLoading() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-busy="true">
      <Skeleton height="48" borderRadius="xl" />
      <Skeleton height="48" borderRadius="xl" />
    </SimpleGrid>
  );
}
