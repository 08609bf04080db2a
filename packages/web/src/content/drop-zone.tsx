/**
 * Where files are dropped or chosen: the whole zone takes a drag and drop, and its button opens
 * the file chooser (limited to the allowed types).
 */
import { Box, Button, Flex, Text, VisuallyHidden } from "@chakra-ui/react";
import { ACCEPTED_FILES, formatBytes, MAX_FILE_BYTES } from "@portal/core/contracts/content";
import { Upload } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";

export function DropZone({
  onFiles,
  label = "Drop files here",
  compact = false,
}: {
  onFiles: (files: File[]) => void;
  label?: string;
  compact?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const inputId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? "brand.solid" : "border"}
      bg={over ? "brand.subtle" : "bg.subtle"}
      borderRadius="lg"
      p={compact ? "3" : "6"}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <Flex
        direction={compact ? "row" : "column"}
        align="center"
        justify="center"
        gap="2"
        textAlign="center"
      >
        {compact ? null : <Upload aria-hidden />}
        <Text fontSize="sm" color="fg.muted">
          {label} — PNG, JPEG, WebP, SVG, PDF, DOCX, TXT or ZIP, up to {formatBytes(MAX_FILE_BYTES)}
        </Text>
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <VisuallyHidden>
          <label htmlFor={inputId}>Files to upload</label>
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = "";
              if (files.length > 0) onFiles(files);
            }}
          />
        </VisuallyHidden>
      </Flex>
    </Box>
  );
}
