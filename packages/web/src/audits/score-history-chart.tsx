/**
 * A small chart of one URL's Performance scores over its earlier runs (same strategy), drawn
 * as inline SVG: the bands behind, the scores as a line with points, the newest on the right.
 */
import { Box, HStack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { lighthouseBand } from "./display";

export interface HistoryPoint {
  id: string;
  at: string;
  score: number;
}

const H = 140;
const PAD = { top: 10, right: 12, bottom: 22, left: 30 };

const y = (score: number) => PAD.top + ((100 - score) / 100) * (H - PAD.top - PAD.bottom);

/** The element's width in CSS pixels, so the chart draws at its real size (text stays 10 px). */
function useWidth<T extends Element>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ScoreHistoryChart({ points, title }: { points: HistoryPoint[]; title: string }) {
  const [ref, W] = useWidth<HTMLDivElement>(560);
  if (points.length < 2) return null;
  const span = W - PAD.left - PAD.right;
  const x = (i: number) =>
    PAD.left + (points.length === 1 ? span / 2 : (i / (points.length - 1)) * span);
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.score).toFixed(1)}`)
    .join(" ");
  const dateLabel = (iso: string) =>
    new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric" });
  const summary = points
    .map(
      (p) =>
        `${p.score} on ${new Date(p.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`,
    )
    .join(", ");
  const first = points[0];
  const last = points[points.length - 1];
  const change = first && last ? last.score - first.score : 0;

  return (
    <Box ref={ref}>
      <HStack justify="space-between" mb="1" gap="2" flexWrap="wrap">
        <Text fontWeight="medium" fontSize="sm">
          {title}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {points.length} runs ·{" "}
          {change === 0 ? "no change" : `${change > 0 ? "+" : ""}${change} since the first`}
        </Text>
      </HStack>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${title}: ${summary}`}
        data-testid="score-history"
        width={W}
        height={H}
        style={{ display: "block", maxWidth: "100%" }}
      >
        {/* Bands: Poor below 50, Needs Improvement to 90, Good above. */}
        <rect
          x={PAD.left}
          y={y(100)}
          width={span}
          height={y(90) - y(100)}
          fill="var(--chakra-colors-green-subtle)"
        />
        <rect
          x={PAD.left}
          y={y(90)}
          width={span}
          height={y(50) - y(90)}
          fill="var(--chakra-colors-orange-subtle)"
        />
        <rect
          x={PAD.left}
          y={y(50)}
          width={span}
          height={y(0) - y(50)}
          fill="var(--chakra-colors-red-subtle)"
        />
        {[0, 50, 90].map((tick) => (
          <text
            key={tick}
            x={PAD.left - 6}
            y={y(tick) + 4}
            textAnchor="end"
            fontSize="10"
            fill="var(--chakra-colors-fg-muted)"
          >
            {tick}
          </text>
        ))}
        <path d={line} fill="none" stroke="var(--chakra-colors-brand-solid)" strokeWidth="2" />
        {points.map((p, i) => (
          <circle
            key={p.id}
            cx={x(i)}
            cy={y(p.score)}
            r="4"
            fill={`var(--chakra-colors-${lighthouseBand(p.score).palette}-solid)`}
            stroke="white"
            strokeWidth="1.5"
          >
            <title>{`${p.score} · ${dateLabel(p.at)}`}</title>
          </circle>
        ))}
        {first ? (
          <text x={x(0)} y={H - 6} fontSize="10" fill="var(--chakra-colors-fg-muted)">
            {dateLabel(first.at)}
          </text>
        ) : null}
        {last ? (
          <text
            x={x(points.length - 1)}
            y={H - 6}
            fontSize="10"
            textAnchor="end"
            fill="var(--chakra-colors-fg-muted)"
          >
            {dateLabel(last.at)}
          </text>
        ) : null}
      </svg>
    </Box>
  );
}
