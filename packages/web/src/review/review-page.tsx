/**
 * The customer's review of a site's draft at /sites/{id}/review (docs/sites.md, "Review and
 * approval"): the current version's preview and screenshot, and two answers, Approve or Request
 * changes (a list of free-text items); below, every earlier version with its outcome.
 */
import { Alert, Button, Flex, HStack, IconButton, Skeleton, Stack, Text } from "@chakra-ui/react";
import type { ContentFile } from "@portal/core/contracts/content";
import { REVIEW_CHANGES_MAX_ITEMS, type ReviewRound } from "@portal/core/contracts/review";
import { REVIEW_OUTCOME_LABELS } from "@portal/core/sites/enums";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plus, Trash2 } from "lucide-react";
import { type Dispatch, type SetStateAction, useCallback, useMemo, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { ApiError } from "../api/api-error";
import { AttachmentPicker } from "../content/attachments";
import { PageHeader } from "../shell/app-shell";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextAreaField } from "../ui/form-fields";
import { toast } from "../ui/toaster";
import {
  approveRound,
  ownFileLink,
  refreshAfterAnswer,
  requestChanges,
  siteReviewQuery,
} from "./queries";
import { RoundCard } from "./round-card";

/** While the current version's screenshot is being taken, the page looks again this often. */
const SCREENSHOT_POLL_MS = 3000;

export function ReviewPage({ siteId }: { siteId: string }) {
  const review = useQuery({
    ...siteReviewQuery(siteId),
    refetchInterval: (query) => {
      const current = query.state.data?.rounds[0];
      return current && !current.screenshotUrl && !current.screenshotError
        ? SCREENSHOT_POLL_MS
        : false;
    },
  });
  if (review.isPending) {
    return (
      <Stack gap="4" maxW="4xl">
        <Skeleton height="10" width="60%" />
        <Skeleton height="80" />
      </Stack>
    );
  }
  if (review.isError) {
    return (
      <Alert.Root status="error" borderRadius="lg" maxW="4xl">
        <Alert.Indicator />
        <Alert.Title>
          {ApiError.from(review.error)?.detail ?? "The review could not be loaded."}
        </Alert.Title>
      </Alert.Root>
    );
  }
  const { siteName, rounds } = review.data;
  const [current, ...earlier] = rounds;
  return (
    <Stack gap="5" maxW="4xl">
      <PageHeader title={`Review: ${siteName}`}>
        <Button asChild size="sm" variant="outline">
          <Link to="/dashboard">Back to the dashboard</Link>
        </Button>
      </PageHeader>
      {current ? (
        <RoundCard round={current} current link={ownFileLink}>
          {current.outcome === "pending" ? <Answer siteId={siteId} round={current} /> : null}
          {current.outcome === "changes_requested" ? (
            <Text color="fg.muted">
              Our team is working on your changes; we write when the next version is ready.
            </Text>
          ) : null}
        </RoundCard>
      ) : (
        <Text color="fg.muted">
          There is nothing to review yet: we write to you when the first version of your site is
          ready.
        </Text>
      )}
      {earlier.length > 0 ? (
        <Stack gap="3">
          <Text as="h2" fontWeight="bold" fontSize="lg">
            Earlier versions
          </Text>
          {earlier.map((round) => (
            <RoundCard key={round.round} round={round} current={false} link={ownFileLink} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

interface ChangesValues {
  changes: { text: string }[];
}

/** Each change's files, by the change's form-field id (stable while others are removed). */
type FilesByChange = Record<string, ContentFile[]>;

/**
 * The files one change carries, uploaded as they are chosen. They belong to the site: erased
 * with it, like the review they explain (docs/content.md, "Attachments").
 */
function ChangeAttachments({
  siteId,
  fieldId,
  files,
  setFilesByChange,
  error,
}: {
  siteId: string;
  fieldId: string;
  files: ContentFile[];
  setFilesByChange: Dispatch<SetStateAction<FilesByChange>>;
  error?: string;
}) {
  const target = useMemo(() => ({ purpose: "attachment", siteId }) as const, [siteId]);
  const setFiles = useCallback<Dispatch<SetStateAction<ContentFile[]>>>(
    (action) =>
      setFilesByChange((all) => {
        const before = all[fieldId] ?? [];
        return { ...all, [fieldId]: typeof action === "function" ? action(before) : action };
      }),
    [fieldId, setFilesByChange],
  );
  return (
    <Stack gap="1">
      <AttachmentPicker target={target} files={files} setFiles={setFiles} />
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Approve, or Request changes with a list; one answer per version. */
function Answer({ siteId, round }: { siteId: string; round: ReviewRound }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ChangesValues>({ defaultValues: { changes: [{ text: "" }] } });
  const items = useFieldArray({ control: form.control, name: "changes" });
  const [filesByChange, setFilesByChange] = useState<FilesByChange>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});

  const failed = (error: unknown) => {
    const apiError = ApiError.from(error);
    const refusedFiles: Record<string, string> = {};
    for (const [name, text] of Object.entries(apiError?.fields ?? {})) {
      const match = /^changes\.(\d+)\.(text|attachments)$/.exec(name);
      if (!match) continue;
      const index = Number(match[1]);
      if (match[2] === "text") form.setError(`changes.${index}.text`, { message: text });
      const field = items.fields[index];
      if (match[2] === "attachments" && field) refusedFiles[field.id] = text;
    }
    setFileErrors(refusedFiles);
    toast({
      title: "Your answer was not sent",
      description: apiError?.detail ?? "Please try again.",
      variant: "destructive",
    });
    void refreshAfterAnswer(queryClient, siteId);
  };
  const approve = useMutation({
    mutationFn: () => approveRound(siteId, round.round),
    onSuccess: async () => {
      setConfirming(false);
      toast({
        title: REVIEW_OUTCOME_LABELS.approved,
        description: "Thank you: our team now prepares it to go live.",
      });
      await refreshAfterAnswer(queryClient, siteId);
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
  });
  const send = useMutation({
    mutationFn: (values: ChangesValues) =>
      requestChanges(siteId, round.round, {
        changes: values.changes.map((change, index) => ({
          text: change.text,
          attachments: (filesByChange[items.fields[index]?.id ?? ""] ?? []).map((f) => f.id),
        })),
      }),
    onSuccess: async () => {
      toast({ title: "Changes sent", description: "Our team has your list." });
      await refreshAfterAnswer(queryClient, siteId);
    },
    onError: failed,
  });

  const onSubmit = form.handleSubmit((values) => {
    let empty = false;
    values.changes.forEach((change, index) => {
      if (!change.text.trim()) {
        empty = true;
        form.setError(`changes.${index}.text`, { message: "Describe the change" });
      }
    });
    if (!empty) {
      setFileErrors({});
      send.mutate(values);
    }
  });

  return (
    <Stack gap="4" borderTopWidth="1px" pt="4">
      <Flex
        gap="3"
        align={{ base: "stretch", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
      >
        <Text flex="1">Happy with this version? Approve it and we can take it live.</Text>
        <Button colorPalette="green" onClick={() => setConfirming(true)}>
          Approve
        </Button>
      </Flex>
      <form onSubmit={onSubmit} aria-label="Request changes" noValidate>
        <Stack gap="3">
          <Text fontWeight="semibold">Or list what should change</Text>
          {items.fields.map((field, index) => (
            <HStack key={field.id} align="flex-start" gap="2">
              <Stack flex="1" minW="0" gap="2">
                <TextAreaField
                  form={form}
                  name={`changes.${index}.text`}
                  label={`Change ${index + 1}`}
                  placeholder="What should be different, and where"
                  rows={2}
                />
                <ChangeAttachments
                  siteId={siteId}
                  fieldId={field.id}
                  files={filesByChange[field.id] ?? []}
                  setFilesByChange={setFilesByChange}
                  error={fileErrors[field.id]}
                />
              </Stack>
              {items.fields.length > 1 ? (
                <IconButton
                  aria-label={`Remove change ${index + 1}`}
                  variant="ghost"
                  size="sm"
                  mt="7"
                  onClick={() => items.remove(index)}
                >
                  <Trash2 />
                </IconButton>
              ) : null}
            </HStack>
          ))}
          <Flex gap="2" justify="space-between" flexWrap="wrap">
            <Button
              variant="outline"
              size="sm"
              disabled={items.fields.length >= REVIEW_CHANGES_MAX_ITEMS}
              onClick={() => items.append({ text: "" })}
            >
              <Plus aria-hidden /> Add another change
            </Button>
            <Button type="submit" colorPalette="brand" loading={send.isPending}>
              Request changes
            </Button>
          </Flex>
        </Stack>
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve version ${round.round}?`}
        confirmLabel={`Approve version ${round.round}`}
        confirmPalette="green"
        pending={approve.isPending}
        onConfirm={() => approve.mutate()}
      >
        <Text>
          Our team can then take your site live as it is in this version. An approval cannot be
          taken back; for later changes, open a support ticket.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
