/** The four stat cards: Active Sites, Avg Performance (percent), Open Tickets, Days Active. */
import { Card, Center, HStack, SimpleGrid, Skeleton, Stat } from "@chakra-ui/react";
import type { DashboardStats } from "@portal/core/contracts/dashboard";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, Gauge, Globe, LifeBuoy, type LucideIcon } from "lucide-react";
import { dashboardStatsQuery } from "./queries";

const CARDS: Array<{
  label: string;
  icon: LucideIcon;
  value: (stats: DashboardStats) => string;
}> = [
  { label: "Active Sites", icon: Globe, value: (s) => String(s.activeSites) },
  {
    label: "Avg Performance",
    icon: Gauge,
    // No site measured yet: '--', as a site row shows a missing score.
    value: (s) => (s.avgPerformance === null ? "--" : `${s.avgPerformance}%`),
  },
  { label: "Open Tickets", icon: LifeBuoy, value: (s) => String(s.openTickets) },
  { label: "Days Active", icon: CalendarDays, value: (s) => String(s.daysActive) },
];

export function StatCards() {
  const stats = useQuery(dashboardStatsQuery());
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "3", md: "4" }} mb="6">
      {CARDS.map((card) => (
        <Card.Root key={card.label} bg="bg" borderRadius="xl" size="sm">
          <Card.Body>
            <HStack justify="space-between" align="flex-start" gap="2">
              <Stat.Root>
                <Stat.Label>{card.label}</Stat.Label>
                {stats.isSuccess ? (
                  <Stat.ValueText fontSize={{ base: "xl", md: "2xl" }}>
                    {card.value(stats.data)}
                  </Stat.ValueText>
                ) : stats.isError ? (
                  <Stat.ValueText fontSize={{ base: "xl", md: "2xl" }} color="fg.muted">
                    --
                  </Stat.ValueText>
                ) : (
                  <Skeleton height="8" width="12" />
                )}
              </Stat.Root>
              <Center
                boxSize={{ base: "8", md: "10" }}
                borderRadius="lg"
                bg="brand.subtle"
                color="brand.fg"
                flexShrink="0"
                display={{ base: "none", sm: "flex" }}
                aria-hidden
              >
                <card.icon size={20} />
              </Center>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
