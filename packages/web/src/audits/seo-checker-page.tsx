/**
 * SEO Checker (docs/tools.md, "SEO Checker"): a URL form with the customer's sites to pick from on
 * the left, the runs on the right, newest first. A run is a queued job (docs/tools.md, "Runs are
 * jobs"): the page shows its stage while it is queued and running, then its result.
 */
import { Box, Button, Card, Grid, Separator, Stack } from "@chakra-ui/react";
import type { SeoJob } from "@portal/core/contracts/audit-jobs";
import { useMutation, useQuery } from "@tanstack/react-query";
import { SearchCheck } from "lucide-react";
import type { FormEvent } from "react";
import { ApiError } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import { PageHeader } from "../shell/app-shell";
import { LoadFailed, LoadingSpinner } from "../ui/query-states";
import { AuditUrlField, EmptyResults, useAuditUrl } from "./audit-form";
import { seoJobQuery, seoResultsQuery, startSeo } from "./queries";
import { SeoResultCard } from "./seo-result-card";
import { SiteQuickSelect } from "./site-quick-select";
import { analysisFailedToast } from "./toasts";
import { useJobWatch } from "./use-job-watch";

const LIST_KEY = seoResultsQuery().queryKey;

export function SeoCheckerPage() {
  const results = useQuery(seoResultsQuery());
  const target = useAuditUrl();

  const watch = useJobWatch<SeoJob>({
    listKey: LIST_KEY,
    list: results.data,
    jobQuery: seoJobQuery,
    onFinished: (job) => {
      // The card shows the reason; the toast is the fixed text of docs/tools.md.
      if (job.status === "failed") analysisFailedToast();
    },
  });

  const analyze = useMutation({
    mutationFn: startSeo,
    onSuccess: (job) => watch.start(job),
    onError: (error) => {
      // A lost session has its own toast and redirect (the query client's 401 handling).
      if (isUnauthorizedError(error)) return;
      const apiError = ApiError.from(error);
      const status = apiError?.status;
      const message = apiError?.detail;
      // A limit is not a problem with the URL: say what it is.
      analysisFailedToast(status === 429 ? message : null);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = target.request();
    if (request) analyze.mutate(request);
  }

  const busy = analyze.isPending || watch.watched !== undefined;

  return (
    <>
      <PageHeader title="SEO Checker" />
      <Grid templateColumns={{ base: "1fr", lg: "340px 1fr" }} gap="6" alignItems="start">
        <Card.Root bg="bg" borderRadius="xl">
          <Card.Header>
            <Card.Title>Analyze Website</Card.Title>
            <Card.Description>
              Check a page's title, description, headings, images and links.
            </Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <Stack as="form" gap="3" onSubmit={submit}>
              <AuditUrlField value={target.url} onChange={target.setUrl} />
              <Button
                type="submit"
                colorPalette="brand"
                loading={analyze.isPending}
                disabled={busy}
              >
                <SearchCheck size={16} aria-hidden />
                Analyze SEO
              </Button>
            </Stack>
            <Separator />
            <SiteQuickSelect onSelect={target.pick} />
          </Card.Body>
        </Card.Root>

        <Box minW="0">
          {results.isPending ? (
            <LoadingSpinner label="Loading results" />
          ) : results.isError ? (
            <LoadFailed title="We couldn't load your SEO results." retry={results.refetch} />
          ) : results.data.length === 0 ? (
            <EmptyResults
              icon={<SearchCheck size={32} aria-hidden />}
              title="No Analysis Yet"
              text="Enter a website URL or pick one of your sites, then Analyze SEO to see its score and what to improve."
              py="16"
              textMaxW="sm"
            />
          ) : (
            <Stack gap="4" as="ul" listStyleType="none" aria-label="SEO results">
              {results.data.map((job) => (
                <li key={job.id}>
                  <SeoResultCard job={job.id === watch.watched?.id ? watch.watched : job} />
                </li>
              ))}
            </Stack>
          )}
        </Box>
      </Grid>
    </>
  );
}
