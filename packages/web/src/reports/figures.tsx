/** The report's headline tiles, shared by the report page and the console. */
import { Box, SimpleGrid, Stat } from "@chakra-ui/react";
import type { ReportHeadline } from "@portal/core/contracts/reports";
import { describeFigure, describePercentChange } from "@portal/core/reports/words";

export function HeadlineTiles({ headline }: { headline: ReportHeadline }) {
  const tiles = [
    {
      label: "Uptime",
      value: describeFigure(headline.uptimePercent, "%"),
      help: `${headline.incidents} ${headline.incidents === 1 ? "incident" : "incidents"}`,
    },
    {
      label: "Visitors",
      value: describeFigure(headline.visitors),
      help: describePercentChange(headline.visitorsChange),
    },
    { label: "Page views", value: describeFigure(headline.pageViews), help: "" },
    { label: "Performance", value: describeFigure(headline.performance), help: "Lighthouse" },
    { label: "SEO score", value: describeFigure(headline.seoScore), help: "" },
    { label: "Tickets resolved", value: String(headline.ticketsResolved), help: "" },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" className="report-tiles">
      {tiles.map((tile) => (
        <Box key={tile.label} borderWidth="1px" borderRadius="lg" p="3" bg="bg">
          <Stat.Root>
            <Stat.Label>{tile.label}</Stat.Label>
            <Stat.ValueText fontSize="xl">{tile.value}</Stat.ValueText>
            <Stat.HelpText minH="1.25em">{tile.help}</Stat.HelpText>
          </Stat.Root>
        </Box>
      ))}
    </SimpleGrid>
  );
}
