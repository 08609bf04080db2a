/**
 * The console's view of a customer's monthly reports (docs/console.md): each site's months with
 * their headline figures, whether the mail went out, and the staff's short personal note, which
 * can be written or changed until the month's mail goes out.
 */
import { Badge, Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ReportNote,
  reportNoteSchema,
  type StaffCustomerReports as StaffReports,
} from "@portal/core/contracts/reports";
import { longMonth } from "@portal/core/long-date";
import { describeFigure } from "@portal/core/reports/words";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LoadState, Section } from "../staff/console-ui";
import { TextAreaField } from "../ui/form-fields";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { saveReportNote, staffReportsQuery } from "./queries";

export function StaffCustomerReports({ userId }: { userId: string }) {
  const reports = useQuery(staffReportsQuery(userId));
  const sites = reports.data?.sites ?? [];
  return (
    <Section title="Monthly reports">
      <LoadState
        query={reports}
        label="monthly reports"
        empty="No sites, so no reports."
        isEmpty={sites.length === 0}
      >
        <Stack gap="4">
          {sites.map((site) => (
            <Stack key={site.siteId} gap="2">
              <Text fontWeight="semibold">{site.siteName}</Text>
              <Stack as="ul" gap="2" listStyleType="none">
                {site.months.map((month) => (
                  <MonthRow key={month.month} userId={userId} siteId={site.siteId} month={month} />
                ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      </LoadState>
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
        <NoteForm
          userId={userId}
          siteId={siteId}
          month={month.month}
          note={month.note ?? ""}
          onDone={() => setEditing(false)}
        />
      ) : null}
    </Stack>
  );
}

function NoteForm(props: {
  userId: string;
  siteId: string;
  month: string;
  note: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<ReportNote>({
    resolver: zodResolver(reportNoteSchema),
    defaultValues: { note: props.note },
  });
  const save = useMutation({
    mutationFn: ({ note }: ReportNote) =>
      saveReportNote(props.userId, props.siteId, props.month, note),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffReportsQuery(props.userId).queryKey });
      toast({ title: "Note saved: it goes out with the report" });
      props.onDone();
    },
    onError: () => toast({ title: "The note was not saved", variant: "destructive" }),
  });
  return (
    <Stack as="form" gap="2" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextAreaField
        form={form}
        name="note"
        label="A short personal note for the customer"
        helper="Shown at the top of the report and in its mail. Leave empty for none."
      />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending}>
          Save note
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
