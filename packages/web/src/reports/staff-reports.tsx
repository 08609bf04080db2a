/**
 * The console's view of a customer's monthly reports (docs/console.md): each site's months with
 * their headline figures, whether the mail went out, and the staff's short personal note, which
 * can be written or changed until the month's mail goes out.
 */
import { Badge, Button, Flex, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { StaffCustomerReports as StaffReports } from "@portal/core/contracts/reports";
import { longMonth } from "@portal/core/long-date";
import { describeFigure } from "@portal/core/reports/words";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Section } from "../staff/console-ui";
import { formatLongDate } from "../ui/format";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { staffReportsQuery } from "./queries";

// The note's form (and its form library) loads when Edit note or Add a note is first pressed
// (docs/performance.md, "`signed-in`").
const NoteForm = lazy(() => import("./note-form").then((m) => ({ default: m.NoteForm })));

export function StaffCustomerReports({ userId }: { userId: string }) {
  const reports = useQuery(staffReportsQuery(userId));
  return (
    <Section title="Monthly reports">
      <ListStates
        query={reports}
        select={(data) => data.sites}
        loading={<LoadingSpinner label="Loading monthly reports" py="12" />}
        failed={
          <LoadFailed title="We couldn't load the monthly reports." retry={reports.refetch} />
        }
        empty={<EmptyCard text="No sites, so no reports." />}
      >
        {(sites) => (
          <Stack gap="4">
            {sites.map((site) => (
              <Stack key={site.siteId} gap="2">
                <Text fontWeight="semibold">{site.siteName}</Text>
                <Stack as="ul" gap="2" listStyleType="none">
                  {site.months.map((month) => (
                    <MonthRow
                      key={month.month}
                      userId={userId}
                      siteId={site.siteId}
                      month={month}
                    />
                  ))}
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </ListStates>
    </Section>
  );
}

type Month = StaffReports["sites"][number]["months"][number];

function MonthRow({ userId, siteId, month }: { userId: string; siteId: string; month: Month }) {
  const [editing, setEditing] = useState(false);
  const { headline } = month;
  return (
    <Stack as="li" gap="1" borderTopWidth="1px" pt="2">
      <Flex justify="space-between" gap="2" flexWrap="wrap" align="center">
        <Text>
          {longMonth(month.month)}
          {headline
            ? ` · uptime ${describeFigure(headline.uptimePercent, "%")} · ${describeFigure(headline.visitors)} visitors · ${headline.ticketsResolved} tickets resolved`
            : ""}
        </Text>
        <HStack gap="2">
          {month.sentAt ? (
            <Badge colorPalette="green">Sent {formatLongDate(month.sentAt)}</Badge>
          ) : (
            <Badge>Not sent yet</Badge>
          )}
          {month.sentAt || editing ? null : (
            <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
              {month.note ? "Edit note" : "Add a note"}
            </Button>
          )}
        </HStack>
      </Flex>
      {month.note && !editing ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
          Note: {month.note}
        </Text>
      ) : null}
      {editing ? (
        <Suspense fallback={<Skeleton height="32" />}>
          <NoteForm
            userId={userId}
            siteId={siteId}
            month={month.month}
            note={month.note ?? ""}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
