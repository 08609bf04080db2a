/**
 * The report card of one finished Lighthouse run (docs/tools.md, "Performance Analytics"): URL,
 * strategy badge, time, five score tiles labelled by band, the score history of the URL, and
 * the Metrics, Opportunities and Diagnostics tabs.
 */
import {
  Badge,
  Box,
  Card,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from "@chakra-ui/react";
import type { LighthouseJob } from "@portal/core/contracts/audit-jobs";
import type { LighthouseResult } from "@portal/core/contracts/audits";
import { Monitor, Smartphone } from "lucide-react";
import { lighthouseBand, longDateTime, metricPercent } from "./display";
import { DetailsTable, LighthouseText } from "./lighthouse-details";
import { type HistoryPoint, ScoreHistoryChart } from "./score-history-chart";

export function LighthouseReport({
  job,
  result,
  history,
}: {
  job: LighthouseJob;
  result: LighthouseResult;
  /** Earlier and this run's Performance scores for the same URL and strategy, oldest first. */
  history: HistoryPoint[];
}) {
  const StrategyIcon = result.strategy === "desktop" ? Monitor : Smartphone;
  return (
    <Card.Root bg="bg" borderRadius="xl" data-testid="lighthouse-report">
      <Card.Body gap="5" p={{ base: "4", md: "6" }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" fontSize="lg" truncate title={result.url} maxW="full">
              {result.url}
            </Text>
            <Badge colorPalette="brand" variant="subtle" gap="1">
              <StrategyIcon size={12} aria-hidden />
              {result.strategy === "desktop" ? "Desktop" : "Mobile"}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {longDateTime(result.timestamp || job.finishedAt || job.createdAt)} · Lighthouse{" "}
            {result.lighthouseVersion}
          </Text>
        </Stack>

        <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
          <ScoreTile label="Performance" score={result.scores.performance} />
          <ScoreTile label="Accessibility" score={result.scores.accessibility} />
          <ScoreTile label="Best Practices" score={result.scores.bestPractices} />
          <ScoreTile label="SEO" score={result.scores.seo} />
          <PwaTile result={result} />
        </SimpleGrid>

        <ScoreHistoryChart points={history} title="Performance score history" />

        <Tabs.Root defaultValue="metrics" variant="line" size="sm" lazyMount>
          <Tabs.List overflowX="auto" overflowY="hidden">
            <Tabs.Trigger value="metrics">Metrics</Tabs.Trigger>
            <Tabs.Trigger value="opportunities">Opportunities</Tabs.Trigger>
            <Tabs.Trigger value="diagnostics">Diagnostics</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="metrics">
            <Stack gap="3">
              {result.metrics.map((metric) => {
                const percent = metricPercent(metric.score);
                const band = lighthouseBand(percent);
                return (
                  <Box
                    key={metric.id}
                    borderWidth="1px"
                    borderRadius="lg"
                    p="3"
                    data-testid="metric"
                  >
                    <HStack justify="space-between" align="baseline" gap="3">
                      <Text fontWeight="medium">{metric.title}</Text>
                      <Text fontWeight="semibold" color={`${band.palette}.fg`} flexShrink="0">
                        {metric.displayValue || "—"}
                      </Text>
                    </HStack>
                    <LighthouseText source={metric.description} />
                    <Progress.Root
                      mt="2"
                      value={percent ?? 0}
                      colorPalette={band.palette}
                      size="xs"
                      aria-label={`${metric.title} score`}
                    >
                      <Progress.Track borderRadius="full">
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  </Box>
                );
              })}
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="opportunities">
            {result.opportunities.length === 0 ? (
              <Text color="fg.muted" py="4" textAlign="center">
                No optimization opportunities found!
              </Text>
            ) : (
              <Stack gap="3">
                {result.opportunities.map((o) => (
                  <Box key={o.id} borderWidth="1px" borderRadius="lg" p="3" minW="0">
                    <HStack justify="space-between" align="flex-start" gap="3">
                      <Text fontWeight="medium">{o.title}</Text>
                      <Badge colorPalette="orange" flexShrink="0">
                        {o.estimatedSavings}
                      </Badge>
                    </HStack>
                    <LighthouseText source={o.description} />
                    <DetailsTable details={o.details} />
                  </Box>
                ))}
              </Stack>
            )}
          </Tabs.Content>
          <Tabs.Content value="diagnostics">
            {result.diagnostics.length === 0 ? (
              <Text color="fg.muted" py="4" textAlign="center">
                No diagnostic issues found!
              </Text>
            ) : (
              <Stack gap="3">
                {result.diagnostics.map((d) => (
                  <Box key={d.id} borderWidth="1px" borderRadius="lg" p="3" minW="0">
                    <HStack justify="space-between" align="flex-start" gap="3">
                      <Text fontWeight="medium">{d.title}</Text>
                      {d.displayValue ? (
                        <Badge variant="outline" flexShrink="0">
                          {d.displayValue}
                        </Badge>
                      ) : null}
                    </HStack>
                    <LighthouseText source={d.description} />
                    <DetailsTable details={d.details} />
                  </Box>
                ))}
              </Stack>
            )}
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  );
}

function Tile({
  label,
  value,
  band,
  note,
  wide,
}: {
  label: string;
  value: string;
  band: ReturnType<typeof lighthouseBand>;
  note?: string;
  /** The fifth tile fills the last row where two tiles make a row. */
  wide?: boolean;
}) {
  return (
    <Stack
      gridColumn={wide ? { base: "span 2", md: "auto" } : undefined}
      gap="1"
      align="center"
      textAlign="center"
      bg={`${band.palette}.subtle`}
      borderRadius="lg"
      p="3"
      data-testid="score-tile"
    >
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="3xl" fontWeight="bold" color={`${band.palette}.fg`} lineHeight="1.2">
        {value}
      </Text>
      <Badge colorPalette={band.palette} variant="solid" size="sm">
        {band.label}
      </Badge>
      {note ? (
        <Text fontSize="xs" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

function ScoreTile({ label, score }: { label: string; score: number }) {
  return <Tile label={label} value={String(score)} band={lighthouseBand(score)} />;
}

/** PWA: the share of real installability checks that passed, or 'Not measured'. */
function PwaTile({ result }: { result: LighthouseResult }) {
  const { pwa, scores } = result;
  if (scores.pwa === null || !pwa.measured) {
    return <Tile label="PWA" value="—" band={lighthouseBand(null)} wide />;
  }
  const passed = pwa.checks.filter((c) => c.passed).length;
  return (
    <Tile
      label="PWA"
      value={String(scores.pwa)}
      band={lighthouseBand(scores.pwa)}
      note={`${passed} of ${pwa.checks.length} checks passed`}
      wide
    />
  );
}
