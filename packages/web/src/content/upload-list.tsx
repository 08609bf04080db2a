/**
 * The uploads in flight under a drop zone (upload-progress.tsx). Its progress bars (Chakra's
 * progress and its state machine) load with the first file chosen, not with the page
 * (docs/performance.md, "`signed-in`"); until they arrive, a skeleton row per file.
 */
import { Skeleton, Stack } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { UploadItem } from "./use-uploads";

const UploadProgress = lazy(() =>
  import("./upload-progress").then((m) => ({ default: m.UploadProgress })),
);

export function UploadList({ items }: { items: UploadItem[] }) {
  if (items.length === 0) return null;
  return (
    <Suspense
      fallback={
        <Stack gap="2" aria-busy="true">
          {items.map((item) => (
            <Skeleton key={item.key} height="9" />
          ))}
        </Stack>
      }
    >
      <UploadProgress items={items} />
    </Suspense>
  );
}
