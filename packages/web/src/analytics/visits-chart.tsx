/**
 * Visits over time: page views per day as bars, visitors per day as a line, on one scale. Plain
 * SVG (no chart library for one chart); each bar carries its day's figures as a tooltip.
 */
import { Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { AnalyticsData } from "@portal/core/contracts/analytics";
import { formatCount, niceMax, shortDay } from "./figures";

const BAR = "var(--chakra-colors-brand-emphasized)";
const LINE = "var(--chakra-colors-brand-solid)";
const GRID = "var(--chakra-colors-border)";

export function VisitsChart({ daily }: { daily: AnalyticsData["daily"] }) {
  const n = daily.length;
  const max = niceMax(Math.max(0, ...daily.map((d) => Math.max(d.pageViews, d.visitors))));
  const y = (value: number) => 100 - (value / max) * 100;
  const slot = 10;
  const first = daily[0];
  const middle = daily[Math.floor((n - 1) / 2)];
  const last = daily[n - 1];
  const totalViews = daily.reduce((sum, d) => sum + d.pageViews, 0);
  const line = daily.map((d, i) => `${i * slot + slot / 2},${y(d.visitors)}`).join(" ");

  return (
    <Stack gap="3">
      <HStack gap="5" fontSize="sm" color="fg.muted" flexWrap="wrap">
        <HStack gap="2">
          <Box boxSize="3" borderRadius="sm" style={{ background: BAR }} aria-hidden />
          Page views
        </HStack>
        <HStack gap="2">
          <Box w="4" h="0.5" borderRadius="full" style={{ background: LINE }} aria-hidden />
          Visitors
        </HStack>
      </HStack>
      <Flex gap="2" h={{ base: "44", md: "56" }}>
        <Flex
          direction="column"
          justify="space-between"
          fontSize="xs"
          color="fg.muted"
          textAlign="end"
          minW="6"
          aria-hidden
        >
          <Text lineHeight="1">{formatCount(max)}</Text>
          <Text lineHeight="1">{Number.isInteger(max / 2) ? formatCount(max / 2) : ""}</Text>
          <Text lineHeight="1">0</Text>
        </Flex>
        <Box flex="1" minW="0" position="relative">
          <svg
            viewBox={`0 0 ${n * slot} 100`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            role="img"
            aria-label={`Page views and visitors per day from ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}: ${formatCount(totalViews)} page views in all`}
            style={{ display: "block", overflow: "visible" }}
          >
            {[0, 50, 100].map((at) => (
              <line
                key={at}
                x1="0"
                x2={n * slot}
                y1={at}
                y2={at}
                stroke={GRID}
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {daily.map((d, i) => (
              <rect
                key={d.day}
                x={i * slot + slot * 0.15}
                width={slot * 0.7}
                y={y(d.pageViews)}
                height={100 - y(d.pageViews)}
                fill={BAR}
                rx="1"
              >
                <title>{`${shortDay(d.day)}: ${formatCount(d.pageViews)} page views, ${formatCount(d.visitors)} visitors`}</title>
              </rect>
            ))}
            <polyline
              points={line}
              fill="none"
              stroke={LINE}
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </Box>
      </Flex>
      <Flex justify="space-between" fontSize="xs" color="fg.muted" ps="8" aria-hidden>
        <Text>{first ? shortDay(first.day) : ""}</Text>
        <Text>{middle && n > 2 ? shortDay(middle.day) : ""}</Text>
        <Text>{last ? shortDay(last.day) : ""}</Text>
      </Flex>
    </Stack>
  );
}
