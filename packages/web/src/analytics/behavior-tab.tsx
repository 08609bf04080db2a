/** The Analytics page's Behavior tab: the pages visited most and where visitors came from. */
import { SimpleGrid } from "@chakra-ui/react";
import type { AnalyticsData } from "@portal/core/contracts/analytics";
import { RankedList } from "./ranked-list";

export function Behavior({ data }: { data: AnalyticsData }) {
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
