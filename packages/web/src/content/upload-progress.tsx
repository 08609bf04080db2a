/** Each upload in flight with its own progress bar, and why one failed (shown by upload-list.tsx). */
import { Progress, Stack, Text } from "@chakra-ui/react";
import type { UploadItem } from "./use-uploads";

const STATE_LABEL: Record<UploadItem["state"], string> = {
  uploading: "Uploading",
  checking: "Checking",
  done: "Uploaded",
  failed: "Failed",
};

export function UploadProgress({ items }: { items: UploadItem[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Uploads">
      {items.map((item) => (
        <li key={item.key}>
          <Stack gap="1">
            <Text fontSize="sm" truncate>
              <Text as="span" fontWeight="medium">
                {item.name}
              </Text>{" "}
              <Text as="span" color={item.state === "failed" ? "red.fg" : "fg.muted"}>
                — {STATE_LABEL[item.state]}
                {item.state === "uploading" ? ` ${Math.round(item.progress * 100)}%` : ""}
              </Text>
            </Text>
            {item.state === "failed" ? (
              <Text fontSize="sm" color="red.fg" role="alert">
                {item.error}
              </Text>
            ) : (
              <Progress.Root
                value={Math.round(item.progress * 100)}
                size="xs"
                colorPalette={item.state === "done" ? "green" : "brand"}
                aria-label={`${item.name} upload progress`}
              >
                <Progress.Track borderRadius="full">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
