/**
 * Performance Analytics (docs/tools.md, "Performance Analytics"): run a Lighthouse test of a URL on
 * mobile (default) or desktop, watch it through its stages (a queued job, docs/tools.md, "Runs are
 * jobs"), and read the report; earlier tests stay listed, and a URL tested before shows its
 * history.
 */
import { Badge, Button, Card, Code, Grid, Group, HStack, Stack, Text } from "@chakra-ui/react";
import { STRATEGIES } from "@portal/core/audits/enums";
import type { LighthouseJob } from "@portal/core/contracts/audit-jobs";
import type { AuditStrategy } from "@portal/core/contracts/audits";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Gauge, Monitor, Smartphone } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { ApiError } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import { PageHeader } from "../shell/app-shell";
import { LoadFailed, LoadingSpinner } from "../ui/query-states";
import { AuditUrlField, EmptyResults, useAuditUrl } from "./audit-form";
import { lighthouseBand, longDateTime } from "./display";
import { JobProgress } from "./job-progress";
import { LighthouseReport } from "./lighthouse-report";
import { isInFlight, lighthouseJobQuery, lighthouseResultsQuery, startLighthouse } from "./queries";
import type { HistoryPoint } from "./score-history-chart";
import { SiteQuickSelect } from "./site-quick-select";
import { analysisFailedToast, invalidDataToast } from "./toasts";
import { useJobWatch } from "./use-job-watch";

const LIST_KEY = lighthouseResultsQuery().queryKey;

export function PerformancePage() {
  const results = useQuery(lighthouseResultsQuery());
  const target = useAuditUrl();
  const [strategy, setStrategy] = useState<AuditStrategy>("mobile");
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const watch = useJobWatch<LighthouseJob>({
    listKey: LIST_KEY,
    list: results.data,
    jobQuery: lighthouseJobQuery,
    onFinished: (job) => {
      if (job.status === "failed") return analysisFailedToast(job.error);
      // A finished run without scores cannot be shown.
      if (!job.result) return invalidDataToast();
      // The new result replaces the report shown.
      setSelectedId(job.id);
    },
  });

  const run = useMutation({
    mutationFn: startLighthouse,
    onSuccess: (job) => watch.start(job),
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const apiError = ApiError.from(error);
      const message = apiError?.detail;
      const fields = apiError?.fields ?? {};
      analysisFailedToast(fields.url ?? message);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = target.request();
    if (request) run.mutate({ ...request, strategy });
  }

  const jobs = results.data ?? [];
  const done = jobs.filter((j) => j.status === "done" && j.result);
  const shown = jobs.find((j) => j.id === selectedId && j.result) ?? done[0];
  const history = useMemo(() => historyOf(jobs, shown), [jobs, shown]);
  const busy = run.isPending || watch.watched !== undefined;

  return (
    <>
      <PageHeader title="Performance Analytics" />
      <Stack gap="6">
        <Card.Root bg="bg" borderRadius="xl">
          <Card.Header>
            <Card.Title>Run Lighthouse Test</Card.Title>
            <Card.Description>
              Measure performance, accessibility, best practices and SEO of any page.
            </Card.Description>
          </Card.Header>
          <Card.Body>
            <Grid templateColumns={{ base: "1fr", lg: "1fr 320px" }} gap="6">
              <Stack as="form" gap="3" onSubmit={submit}>
                <AuditUrlField value={target.url} onChange={target.setUrl} />
                <Stack direction={{ base: "column", sm: "row" }} gap="3">
                  <Group attached role="group" aria-label="Strategy">
                    {STRATEGIES.map((s) => (
                      <Button
                        key={s}
                        type="button"
                        variant={strategy === s ? "solid" : "outline"}
                        colorPalette={strategy === s ? "brand" : "gray"}
                        aria-pressed={strategy === s}
                        onClick={() => setStrategy(s)}
                        flex={{ base: "1", sm: "none" }}
                      >
                        {s === "mobile" ? (
                          <Smartphone size={16} aria-hidden />
                        ) : (
                          <Monitor size={16} aria-hidden />
                        )}
                        {s === "mobile" ? "Mobile" : "Desktop"}
                      </Button>
                    ))}
                  </Group>
                  <Button
                    type="submit"
                    colorPalette="brand"
                    loading={run.isPending}
                    disabled={busy}
                  >
                    <Gauge size={16} aria-hidden />
                    Run Lighthouse Test
                  </Button>
                </Stack>
              </Stack>
              <SiteQuickSelect onSelect={target.pick} />
            </Grid>
          </Card.Body>
        </Card.Root>

        {watch.watched && isInFlight(watch.watched) ? (
          <JobProgress
            title="Analyzing with Google Lighthouse..."
            subtitle="This may take 15-30 seconds"
            status={watch.watched.status as "queued" | "running"}
            url={watch.watched.url}
            createdAt={watch.watched.createdAt}
          />
        ) : null}

        {results.isPending ? (
          <LoadingSpinner label="Loading results" />
        ) : results.isError ? (
          <LoadFailed title="We couldn't load your performance tests." retry={results.refetch} />
        ) : shown?.result ? (
          <LighthouseReport job={shown} result={shown.result} history={history} />
        ) : watch.watched ? null : (
          <EmptyState jobs={jobs} />
        )}

        {jobs.length > 0 ? (
          <RecentTests
            // The run being watched is fresher than the list (queued → running).
            jobs={jobs.map((j) => (j.id === watch.watched?.id ? watch.watched : j))}
            shownId={shown?.id}
            onShow={setSelectedId}
          />
        ) : null}
      </Stack>
    </>
  );
}

/** The shown run's URL and strategy: Performance over its finished runs, oldest first. */
function historyOf(jobs: LighthouseJob[], shown: LighthouseJob | undefined): HistoryPoint[] {
  if (!shown?.result) return [];
  return jobs
    .filter(
      (j) =>
        j.status === "done" &&
        j.result &&
        j.url === shown.url &&
        j.strategy === shown.strategy &&
        j.id <= shown.id,
    )
    .map((j) => ({
      id: j.id,
      at: j.result?.timestamp || j.createdAt,
      score: j.result?.scores.performance ?? 0,
    }))
    .reverse();
}

function EmptyState({ jobs }: { jobs: LighthouseJob[] }) {
  const count = (status: string) => jobs.filter((j) => j.status === status).length;
  return (
    <EmptyResults
      icon={<Gauge size={32} aria-hidden />}
      title="No Performance Tests Yet"
      text="Enter a URL, choose Mobile or Desktop, and Run Lighthouse Test to see scores, metrics and what to improve."
      py="12"
      textMaxW="md"
    >
      <Code
        display="block"
        whiteSpace="pre"
        textAlign="start"
        fontSize="xs"
        p="3"
        borderRadius="md"
        data-testid="results-debug"
        aria-label="Result counts"
      >
        {[
          `results loaded: ${jobs.length}`,
          `with scores: ${jobs.filter((j) => j.status === "done" && j.result).length}`,
          `in progress: ${count("queued") + count("running")}`,
          `failed: ${count("failed")}`,
        ].join("\n")}
      </Code>
    </EmptyResults>
  );
}

const STATUS_BADGE: Record<string, { label: string; palette: "gray" | "blue" | "red" | "green" }> =
  {
    queued: { label: "Queued", palette: "gray" },
    running: { label: "Running", palette: "blue" },
    failed: { label: "Failed", palette: "red" },
  };

function RecentTests({
  jobs,
  shownId,
  onShow,
}: {
  jobs: LighthouseJob[];
  shownId: string | undefined;
  onShow: (id: string) => void;
}) {
  return (
    <Card.Root bg="bg" borderRadius="xl">
      <Card.Header>
        <Card.Title fontSize="md">Recent Tests</Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <Stack as="ul" listStyleType="none" gap="0" aria-label="Recent tests">
          {jobs.map((job) => {
            const score = job.result?.scores.performance ?? null;
            const band = lighthouseBand(score);
            const status = job.status === "done" && !job.result ? "failed" : job.status;
            const badge = STATUS_BADGE[status];
            const selectable = job.status === "done" && !!job.result;
            return (
              <HStack
                as="li"
                key={job.id}
                gap="3"
                py="2.5"
                borderTopWidth="1px"
                _first={{ borderTopWidth: 0 }}
                align="center"
              >
                <Stack gap="0" minW="0" flex="1">
                  <Text
                    fontSize="sm"
                    fontWeight={job.id === shownId ? "semibold" : "normal"}
                    truncate
                    title={job.url}
                  >
                    {job.url}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {job.strategy === "desktop" ? "Desktop" : "Mobile"} ·{" "}
                    {longDateTime(job.createdAt)}
                    {status === "failed" && job.error ? ` · ${job.error}` : ""}
                    {status === "failed" && !job.error
                      ? " · Received invalid data from server."
                      : ""}
                  </Text>
                </Stack>
                {badge ? (
                  <Badge colorPalette={badge.palette} flexShrink="0">
                    {badge.label}
                  </Badge>
                ) : (
                  <Badge colorPalette={band.palette} flexShrink="0" title={band.label}>
                    {score}
                  </Badge>
                )}
                {selectable ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    flexShrink="0"
                    disabled={job.id === shownId}
                    onClick={() => onShow(job.id)}
                  >
                    {job.id === shownId ? "Shown" : "View"}
                  </Button>
                ) : null}
              </HStack>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
