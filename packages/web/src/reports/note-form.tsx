/**
 * The staff's short personal note on a month's report (staff-reports.tsx), written or changed
 * until the month's mail goes out. Loaded when first opened.
 */
import { Button, HStack, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReportNote, reportNoteSchema } from "@portal/core/contracts/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { TextAreaField } from "../ui/form-fields";
import { toast } from "../ui/toaster";
import { saveReportNote, staffReportsQuery } from "./queries";

export function NoteForm(props: {
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
