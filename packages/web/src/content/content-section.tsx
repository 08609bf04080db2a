/**
 * The Content section (docs/content.md): the customer's files for one site (or the
 * questionnaire's logo and content), dropped or chosen, each with its progress, thumbnails for
 * images, deletion asked first, and how much of the plan's storage is used.
 */
import { Card, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type FilePurpose, formatBytes } from "@portal/core/contracts/content";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { toast } from "../ui/toaster";
import { DropZone } from "./drop-zone";
import { FileGrid } from "./file-grid";
import { contentFilesKey, contentFilesQuery, deleteFile } from "./queries";
import { UploadList } from "./upload-list";
import { useUploads } from "./use-uploads";

export function ContentSection({
  siteId,
  purpose = "content",
  title = "Content",
  description = "Your logo, photos and texts for the team building your site.",
  only,
  anchor = "content",
}: {
  siteId?: string;
  purpose?: FilePurpose;
  title?: string;
  description?: string;
  /** Show only files of this purpose (the questionnaire's logo step). */
  only?: FilePurpose;
  /** The section's id, for links to it (`#content`). */
  anchor?: string;
}) {
  const queryClient = useQueryClient();
  // All the customer's files, so a site's section also shows those given to no site yet (the
  // questionnaire's logo and content); ticket attachments stay with their tickets.
  const files = useQuery(contentFilesQuery());
  const target = useMemo(() => ({ siteId, purpose }), [siteId, purpose]);
  const uploads = useUploads(target);
  const remove = useMutation({
    mutationFn: (id: string) => deleteFile(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentFilesKey }),
    onError: () =>
      toast({
        title: "Delete Failed",
        description: "The file was not deleted",
        variant: "destructive",
      }),
  });
  const shown = (files.data?.files ?? []).filter(
    (file) =>
      (!only || file.purpose === only) &&
      (siteId
        ? file.siteId === siteId || (file.siteId === null && file.purpose !== "attachment")
        : file.purpose !== "attachment"),
  );

  return (
    <Card.Root bg="bg" borderRadius="xl" id={anchor}>
      <Card.Header>
        <Card.Title as="h2" fontSize="lg">
          {title}
        </Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <DropZone onFiles={uploads.add} />
          <UploadList items={uploads.items} />
          {files.isPending ? (
            <Skeleton height="28" borderRadius="lg" />
          ) : files.isError ? (
            <Text color="red.fg" role="alert">
              Your files could not be loaded. Reload the page to try again.
            </Text>
          ) : shown.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No files yet.
            </Text>
          ) : (
            <FileGrid
              files={shown}
              onDelete={(file) => remove.mutate(file.id)}
              deletingId={remove.isPending ? remove.variables : undefined}
            />
          )}
          {files.data ? (
            <Text fontSize="xs" color="fg.muted">
              {formatBytes(files.data.usage.usedBytes)} of{" "}
              {formatBytes(files.data.usage.quotaBytes)} storage used
            </Text>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
