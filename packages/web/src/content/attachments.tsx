/**
 * Attachments of ticket messages (docs/content.md, "Attachments"): the files a message carries,
 * each opened through a fresh download link, and the picker a reply form uploads them with.
 * Attached files are the customer's own (staff attach to the customer's files), so the same
 * pieces serve any record that keeps file ids.
 */
import { Button, HStack, IconButton, Stack, Text, Wrap } from "@chakra-ui/react";
import { type Attachment, type ContentFile, formatBytes } from "@portal/core/contracts/content";
import { Paperclip, X } from "lucide-react";
import { type Dispatch, type SetStateAction, useCallback, useState } from "react";
import { toast } from "../ui/toaster";
import { DropZone } from "./drop-zone";
import type { UploadTarget } from "./queries";
import { UploadList } from "./upload-list";
import { useUploads } from "./use-uploads";

/** The message's files; `link` answers a fresh download URL for one. */
export function AttachmentList({
  attachments,
  link,
}: {
  attachments: readonly Attachment[];
  link: (id: string) => Promise<string | null>;
}) {
  const [opening, setOpening] = useState<string | null>(null);
  if (attachments.length === 0) return null;
  const open = async (id: string) => {
    setOpening(id);
    try {
      const url = await link(id);
      if (url) window.location.assign(url);
    } catch {
      toast({
        title: "Download Failed",
        description: "The file could not be opened. It may have been deleted.",
        variant: "destructive",
      });
    } finally {
      setOpening(null);
    }
  };
  return (
    <Wrap as="ul" gap="2" mt="3" listStyleType="none" aria-label="Attachments">
      {attachments.map((file) => (
        <li key={file.id}>
          <Button
            size="xs"
            variant="outline"
            loading={opening === file.id}
            onClick={() => void open(file.id)}
          >
            <Paperclip aria-hidden />
            {file.name}
            <Text as="span" color="fg.muted">
              {formatBytes(file.sizeBytes)}
            </Text>
          </Button>
        </li>
      ))}
    </Wrap>
  );
}

/** Files for the next message: uploaded as they are chosen, removable before sending. */
export function AttachmentPicker({
  target,
  files,
  setFiles,
}: {
  target: UploadTarget;
  files: ContentFile[];
  /** A state setter: uploads finishing together each add to the latest list. */
  setFiles: Dispatch<SetStateAction<ContentFile[]>>;
}) {
  const added = useCallback((file: ContentFile) => setFiles((list) => [...list, file]), [setFiles]);
  const uploads = useUploads(target, added);
  return (
    <Stack gap="2">
      <DropZone compact label="Attach files" onFiles={uploads.add} />
      <UploadList items={uploads.items.filter((item) => item.state !== "done")} />
      {files.length > 0 ? (
        <Wrap as="ul" gap="2" listStyleType="none" aria-label="Files to send">
          {files.map((file) => (
            <HStack as="li" key={file.id} gap="1" borderWidth="1px" borderRadius="md" ps="2">
              <Paperclip size={14} aria-hidden />
              <Text fontSize="sm">{file.name}</Text>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((list) => list.filter((f) => f.id !== file.id))}
              >
                <X aria-hidden />
              </IconButton>
            </HStack>
          ))}
        </Wrap>
      ) : null}
    </Stack>
  );
}
