/**
 * Website Analytics (/analytics, docs/analytics.md, "The Analytics page"): first-party figures for
 * one of the customer's sites over 7, 30 or 90 days, counted by the tracking snippet without
 * cookies, in three tabs (one file each: overview-tab.tsx, audience-tab.tsx, behavior-tab.tsx);
 * the snippet to install; and the Google Analytics connection. Every figure is a real aggregate;
 * what cannot be measured without cookies (session length, bounce rate) is replaced by what can,
 * and says so. This file holds the page: the site and range pickers, the tabs and their states.
 */
import {
  Button,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
} from "@chakra-ui/react";
import { ANALYTICS_RANGES, type AnalyticsRange } from "@portal/core/contracts/analytics";
import type { Site } from "@portal/core/contracts/sites";
import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { PageHeader } from "../shell/app-shell";
import { pickSite } from "../sites/queries";
import { NoSitesYet, SiteListStates, useSites } from "../sites/site-list-states";
import { RecordFailed } from "../ui/query-states";
import { Tooltip } from "../ui/tooltip";
import { Audience } from "./audience-tab";
import { Behavior } from "./behavior-tab";
import { GaCard } from "./ga-card";
import { Overview } from "./overview-tab";
import { analyticsDataQuery } from "./queries";
import { SnippetCard } from "./snippet-card";

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
        <RecordFailed
          error={data.error}
          retry={data.refetch}
          failed="We couldn't load the analytics for this site."
          notFound={{ title: "This site's analytics could not be found." }}
        />
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

function TwoCardsLoading() {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-busy="true">
      <Skeleton height="48" borderRadius="xl" />
      <Skeleton height="48" borderRadius="xl" />
    </SimpleGrid>
  );
}
