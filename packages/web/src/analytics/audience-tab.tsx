/** The Analytics page's Audience tab: where visitors are and what they visit on. */
import { HStack, SimpleGrid } from "@chakra-ui/react";
import type { AnalyticsData } from "@portal/core/contracts/analytics";
import { Monitor, Smartphone, Tablet } from "lucide-react";
import type { ReactNode } from "react";
import { countryName, DEVICE_LABELS } from "./figures";
import { RankedList } from "./ranked-list";

const DEVICE_ICONS: Record<string, ReactNode> = {
  desktop: <Monitor size={14} aria-hidden />,
  mobile: <Smartphone size={14} aria-hidden />,
  tablet: <Tablet size={14} aria-hidden />,
};

export function Audience({ data }: { data: AnalyticsData }) {
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
