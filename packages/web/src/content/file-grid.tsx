/**
 * Files as cards: a thumbnail for a raster image (its inline preview link), a small icon by
 * the name for anything else (and in the console, whose list has no links), the size, a
 * download, and (when given) a delete asked first.
 */
import { Box, Button, Card, Flex, IconButton, Image, SimpleGrid, Text } from "@chakra-ui/react";
import { type ContentFile, formatBytes } from "@portal/core/contracts/content";
import { Download, FileText, Trash2 } from "lucide-react";

export const DELETE_FILE_CONFIRMATION = (name: string) =>
  `Delete ${name}? The team will no longer see it. This cannot be undone.`;

export function FileGrid({
  files,
  onDownload,
  onDelete,
  deletingId,
}: {
  files: ContentFile[];
  /** A download of its own (the console's, audited); otherwise the file's own link. */
  onDownload?: (file: ContentFile) => void;
  onDelete?: (file: ContentFile) => void;
  deletingId?: string;
}) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 3 }} gap="3" listStyleType="none">
      {files.map((file) => (
        <Card.Root as="li" key={file.id} size="sm" variant="outline" overflow="hidden">
          {file.previewUrl ? (
            <Flex h="28" bg="bg.muted" align="center" justify="center">
              <Image
                src={file.previewUrl}
                alt={file.name}
                maxH="28"
                maxW="full"
                objectFit="contain"
                loading="lazy"
              />
            </Flex>
          ) : null}
          <Card.Body gap="1" p="3">
            <Flex gap="2" align="center" minW="0">
              {file.previewUrl ? null : (
                <Box color="fg.muted" flexShrink="0" aria-hidden>
                  <FileText size={20} />
                </Box>
              )}
              <Text fontSize="sm" fontWeight="medium" truncate title={file.name}>
                {file.name}
              </Text>
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              {formatBytes(file.sizeBytes)}
              {file.uploadedBy === "staff"
                ? " · from our team"
                : file.uploader
                  ? ` · uploaded by ${file.uploader.name}`
                  : ""}
            </Text>
            <Flex gap="2" mt="1">
              {onDownload ? (
                <Button size="xs" variant="outline" onClick={() => onDownload(file)}>
                  <Download aria-hidden />
                  Download
                </Button>
              ) : file.downloadUrl ? (
                <Button asChild size="xs" variant="outline">
                  <a href={file.downloadUrl} download={file.name}>
                    <Download aria-hidden />
                    Download
                  </a>
                </Button>
              ) : null}
              {onDelete ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={`Delete ${file.name}`}
                  loading={deletingId === file.id}
                  onClick={() => {
                    if (window.confirm(DELETE_FILE_CONFIRMATION(file.name))) onDelete(file);
                  }}
                >
                  <Trash2 aria-hidden />
                </IconButton>
              ) : null}
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
