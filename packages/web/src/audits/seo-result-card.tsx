/** One SEO run in the results list: its progress, its failure, or its score and four tabs. */
import {
  Alert,
  Badge,
  Box,
  Card,
  HStack,
  Progress,
  SimpleGrid,
  Stack,
  Stat,
  Tabs,
  Text,
} from "@chakra-ui/react";
import type { SeoJob } from "@portal/core/contracts/audit-jobs";
import type { SeoIssue, SeoResult } from "@portal/core/contracts/audits";
import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import { kilobytes, longDateTime, seconds, seoScorePalette } from "./display";
import { JobProgress } from "./job-progress";

export function SeoResultCard({ job }: { job: SeoJob }) {
  if (job.status === "queued" || job.status === "running") {
    return (
      <JobProgress
        title="Analyzing SEO..."
        subtitle="Loading the page and checking it against the SEO rules"
        status={job.status}
        url={job.url}
        createdAt={job.createdAt}
      />
    );
  }
  return (
    <Card.Root bg="bg" borderRadius="xl" data-testid="seo-result">
      <Card.Body gap="4" p={{ base: "4", md: "6" }}>
        {job.status === "failed" || !job.result ? (
          <FailedRun job={job} />
        ) : (
          <Finished job={job} result={job.result} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function RunHeader({ url, at, children }: { url: string; at: string; children?: React.ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3">
      <Stack gap="0.5" minW="0">
        <Text fontWeight="semibold" truncate title={url}>
          {url}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {longDateTime(at)}
        </Text>
      </Stack>
      {children}
    </HStack>
  );
}

function FailedRun({ job }: { job: SeoJob }) {
  return (
    <>
      <RunHeader url={job.url} at={job.finishedAt ?? job.createdAt} />
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Analysis Failed</Alert.Title>
          <Alert.Description>
            {job.error ?? "Failed to analyze the website. Please check the URL and try again."}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </>
  );
}

/**
 * The page's image counts: stored beside the list, which keeps only the first images of a
 * long page (results from before the list was bounded have the whole list and no counts).
 */
function imageTotals(result: SeoResult): { total: number; withAlt: number } {
  return {
    total: result.imageCount ?? result.images.length,
    withAlt: result.imagesWithAlt ?? result.images.filter((i) => i.hasAlt).length,
  };
}

function Finished({ job, result }: { job: SeoJob; result: SeoResult }) {
  const palette = seoScorePalette(result.score);
  const images = imageTotals(result);
  return (
    <>
      <RunHeader url={result.url} at={job.finishedAt ?? job.createdAt}>
        <Stack gap="0" align="flex-end" flexShrink="0">
          <Text
            fontSize={{ base: "2xl", md: "3xl" }}
            fontWeight="bold"
            lineHeight="1"
            color={`${palette}.fg`}
            data-testid="seo-score"
          >
            {result.score}
            <Text as="span" fontSize="md" color="fg.muted" fontWeight="medium">
              /100
            </Text>
          </Text>
          <Text fontSize="xs" color="fg.muted">
            SEO Score
          </Text>
        </Stack>
      </RunHeader>
      <Progress.Root value={result.score} colorPalette={palette} size="sm" aria-label="SEO score">
        <Progress.Track borderRadius="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Tabs.Root defaultValue="overview" variant="line" size="sm" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="issues">Issues</Tabs.Trigger>
          <Tabs.Trigger value="content">Content</Tabs.Trigger>
          <Tabs.Trigger value="technical">Technical</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="Load Time" value={seconds(result.loadTime)} />
            <Figure label="Page Size" value={`${kilobytes(result.pageSize)} KB`} />
            <Figure label="Internal Links" value={String(result.links.internal)} />
            <Figure label="External Links" value={String(result.links.external)} />
          </SimpleGrid>
        </Tabs.Content>
        <Tabs.Content value="issues">
          <Issues issues={result.issues} />
        </Tabs.Content>
        <Tabs.Content value="content">
          <Content result={result} />
        </Tabs.Content>
        <Tabs.Content value="technical">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Figure label="Total Images" value={String(images.total)} />
            <Figure label="Images with Alt Text" value={String(images.withAlt)} />
            <Figure label="Images Missing Alt Text" value={String(images.total - images.withAlt)} />
          </SimpleGrid>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stat.Root bg="bg.subtle" borderRadius="lg" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
    </Stat.Root>
  );
}

const ISSUE_ICONS = {
  error: { icon: XCircle, color: "red.fg" },
  warning: { icon: AlertTriangle, color: "yellow.fg" },
  success: { icon: CheckCircle2, color: "green.fg" },
} as const;

const IMPACT_PALETTE: Record<string, "red" | "yellow" | "gray"> = { high: "red", medium: "yellow" };

function Issues({ issues }: { issues: SeoIssue[] }) {
  if (issues.length === 0) {
    return (
      <Text color="fg.muted" py="4" textAlign="center">
        No SEO issues found!
      </Text>
    );
  }
  // Problems first, worst first; what passed after.
  const rank = { error: 0, warning: 1, success: 2 } as Record<string, number>;
  const sorted = [...issues].sort((a, b) => (rank[a.type] ?? 3) - (rank[b.type] ?? 3));
  return (
    <Stack gap="2" as="ul" listStyleType="none">
      {sorted.map((issue) => {
        const { icon: Icon, color } = ISSUE_ICONS[issue.type] ?? { icon: Info, color: "blue.fg" };
        return (
          <HStack
            as="li"
            key={issue.rule}
            align="flex-start"
            gap="3"
            borderWidth="1px"
            borderRadius="lg"
            p="3"
            data-testid="seo-issue"
          >
            <Box color={color} mt="0.5" flexShrink="0">
              <Icon size={18} aria-label={issue.type} />
            </Box>
            <Stack gap="1" flex="1" minW="0">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Text fontWeight="medium">{issue.title}</Text>
                <Badge
                  // A check that passed keeps its weight visible without looking like a problem.
                  colorPalette={
                    issue.type === "success" ? "gray" : (IMPACT_PALETTE[issue.impact] ?? "gray")
                  }
                  variant={issue.type === "success" ? "outline" : "subtle"}
                  flexShrink="0"
                >
                  {issue.impact}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {issue.description}
              </Text>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}

function Content({ result }: { result: SeoResult }) {
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Meta Title
        </Text>
        <Text color={result.metaTitle ? undefined : "fg.muted"}>
          {result.metaTitle || "No title found"}
        </Text>
      </Stack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Meta Description
        </Text>
        <Text color={result.metaDescription ? undefined : "fg.muted"}>
          {result.metaDescription || "No description found"}
        </Text>
      </Stack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          Headings
        </Text>
        {result.headings.length === 0 ? (
          <Text color="fg.muted">No headings found</Text>
        ) : (
          <Stack gap="1" as="ol" listStyleType="none">
            {result.headings.map((heading, i) => (
              <HStack
                as="li"
                // biome-ignore lint/suspicious/noArrayIndexKey: the outline is a fixed list
                key={i}
                gap="2"
                ps={`${(heading.level - 1) * 12}px`}
                align="flex-start"
              >
                <Badge variant="outline" flexShrink="0">
                  H{heading.level}
                </Badge>
                <Text fontSize="sm">{heading.text || "(empty)"}</Text>
              </HStack>
            ))}
            {(result.headingCount ?? 0) > result.headings.length ? (
              <Text as="li" fontSize="sm" color="fg.muted">
                and {(result.headingCount ?? 0) - result.headings.length} more
              </Text>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
