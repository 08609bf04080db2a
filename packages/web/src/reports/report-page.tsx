/**
 * /sites/{id}/reports/{month}: one month's care report (docs/reports.md). Every plan sees the
 * headline figures and the recommendation; the plans with the full report see the sections
 * and can download the PDF. Prints in one column without the portal's navigation.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { plansWithReport } from "@portal/core/contracts/plans";
import type { MonthlyReport, ReportView } from "@portal/core/contracts/reports";
import { longMonth } from "@portal/core/long-date";
import { incidentDuration } from "@portal/core/reports/words";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatLongDate } from "../ui/format";
import { RecordStates } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { HeadlineTiles } from "./figures";
import { ReportPrintStyle } from "./print-style";
import { pdfDownload, reportQuery, requestPdf } from "./queries";

/** How long the page waits for the worker to render a PDF before it gives up. */
const PDF_WAIT_MS = 90_000;
const PDF_POLL_MS = 2_000;

export function ReportPage({ siteId, month }: { siteId: string; month: string }) {
  const report = useQuery(reportQuery(siteId, month));
  return (
    <Stack gap="5" maxW="5xl">
      <ReportPrintStyle />
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2" data-print="hide">
        <Link to="/sites/$siteId/reports" params={{ siteId }}>
          <ArrowLeft aria-hidden />
          All months
        </Link>
      </Button>
      <RecordStates
        query={report}
        loading="Loading the report"
        failed="We couldn't load this report."
        notFound={{ title: "There is no such website or month." }}
      >
        {(view) => <Report view={view} />}
      </RecordStates>
    </Stack>
  );
}

function Report({ view }: { view: ReportView }) {
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text color="fg.muted" fontSize="sm">
            Monthly report
          </Text>
          <Heading size="2xl">
            {view.siteName}: {longMonth(view.month)}
          </Heading>
        </Stack>
        <HStack gap="2" data-print="hide">
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
          {view.level === "full" ? <PdfButton view={view} /> : null}
        </HStack>
      </HStack>
      {view.note ? (
        <Box
          borderStartWidth="4px"
          borderColor="brand.solid"
          bg="brand.subtle"
          p="4"
          borderRadius="md"
        >
          <Text fontWeight="semibold" fontSize="sm" mb="1">
            A note from our team
          </Text>
          <Text whiteSpace="pre-wrap">{view.note}</Text>
        </Box>
      ) : null}
      {view.report && !view.report.hasData ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            Nothing was measured for this website in {longMonth(view.month)}.
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <HeadlineTiles headline={view.headline} />
      <Card.Root className="report-section" borderColor="brand.muted">
        <Card.Body>
          <Text>
            <strong>What we recommend next: </strong>
            {view.headline.recommendation}
          </Text>
        </Card.Body>
      </Card.Root>
      {view.report ? (
        <FullReport report={view.report} />
      ) : (
        <Text color="fg.muted" data-print="hide">
          Your plan includes these headline figures, also mailed to you each month. The full report,
          with incidents, top pages, the Lighthouse trend, SEO issues, our work and a PDF, comes
          with the {plansWithReport("full")} plan. <Link to="/pricing">Compare plans</Link>
        </Text>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root className="report-section" size="sm">
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Rows({ rows, empty }: { rows: [string, string][]; empty: string }) {
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.Root size="sm">
      <Table.Body>
        {rows.map(([left, right], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed report, never reordered
          <Table.Row key={i}>
            <Table.Cell wordBreak="break-word" minW="8rem">
              {left}
            </Table.Cell>
            {/* A long right cell (a run's scores) wraps on a phone rather than squeeze the left. */}
            <Table.Cell textAlign="end" whiteSpace={{ base: "normal", md: "nowrap" }}>
              {right}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function FullReport({ report }: { report: MonthlyReport }) {
  const { uptime, certificate, traffic, lighthouse, seo, work } = report;
  return (
    <Stack gap="4">
      <Section title="Uptime and certificate">
        <Stack gap="3">
          <Text>
            {uptime.checks.toLocaleString("en-US")} checks,{" "}
            {uptime.failures.toLocaleString("en-US")} failed
            {uptime.avgResponseMs === null ? "" : `; average response ${uptime.avgResponseMs} ms`}.{" "}
            {certificate
              ? `The certificate expires on ${formatLongDate(certificate.expiresAt)} (${certificate.daysLeft} days).`
              : "No certificate seen."}
          </Text>
          <Rows
            rows={uptime.incidents.map((i) => [
              `${formatLongDate(i.startedAt)}: ${i.reason}`,
              incidentDuration(i),
            ])}
            empty="No incidents this month."
          />
        </Stack>
      </Section>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" className="report-columns">
        <Section title="Top pages">
          <Rows
            rows={traffic.topPages.map((p) => [p.key, p.count.toLocaleString("en-US")])}
            empty="No page views recorded."
          />
        </Section>
        <Section title="Top referrers">
          <Rows
            rows={traffic.topReferrers.map((p) => [p.key, p.count.toLocaleString("en-US")])}
            empty="No referrers recorded."
          />
        </Section>
      </SimpleGrid>
      <Section title="Lighthouse this month">
        <Rows
          rows={lighthouse.trend.map((p) => [
            `${formatLongDate(p.at)} (${p.strategy})`,
            `Performance ${p.performance} · Accessibility ${p.accessibility} · SEO ${p.seo}`,
          ])}
          empty="No Lighthouse run this month."
        />
      </Section>
      <Section title={seo ? `SEO: score ${seo.score}` : "SEO"}>
        {seo ? (
          <Rows
            rows={seo.openIssues.map((i) => [i.title, `${i.type}, ${i.impact} impact`])}
            empty="No open issues."
          />
        ) : (
          <Text color="fg.muted">No SEO analysis this month.</Text>
        )}
      </Section>
      <Section title="Our work">
        <Rows
          rows={[
            ...work.ticketsResolved.map((t): [string, string] => [
              `Ticket resolved: ${t.title}`,
              formatLongDate(t.resolvedAt),
            ]),
            ...work.upgrades.map((u): [string, string] => [
              `Upgrade: ${u.title}`,
              formatLongDate(u.at),
            ]),
            ...work.siteChanges.map((c): [string, string] => [c.description, formatLongDate(c.at)]),
          ]}
          empty="No tickets, upgrades or site changes this month."
        />
      </Section>
    </Stack>
  );
}

/** Downloads the stored PDF; renders it first when there is none yet, and waits for it. */
function PdfButton({ view }: { view: ReportView }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      if (!view.pdfReady) {
        await requestPdf(view.siteId, view.month);
        // The report says when its PDF is stored; asking for the link before would be a 404.
        const deadline = Date.now() + PDF_WAIT_MS;
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, PDF_POLL_MS));
          const fresh = await queryClient.fetchQuery({
            ...reportQuery(view.siteId, view.month),
            staleTime: 0,
          });
          if (fresh.pdfReady) break;
          if (Date.now() > deadline) throw new Error("The PDF took too long");
        }
      }
      const { url } = await pdfDownload(view.siteId, view.month);
      window.location.assign(url);
    } catch {
      toast({
        title: "The PDF could not be prepared",
        description: "Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      colorPalette="brand"
      onClick={download}
      loading={busy}
      loadingText="Preparing PDF"
    >
      <Download aria-hidden />
      Download PDF
    </Button>
  );
}
