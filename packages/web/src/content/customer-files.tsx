/**
 * A customer's files in the console (docs/console.md, "Files"): the list (no links: each
 * download asks for its own, which the audit log records) and an upload to the customer, e.g.
 * a proof, which they then see among their files.
 */

import { Stack, Text } from "@chakra-ui/react";
import type { ContentFile } from "@portal/core/contracts/content";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { DropZone } from "./drop-zone";
import { FileGrid } from "./file-grid";
import { customerFileLink, customerFilesQuery } from "./queries";
import { UploadList } from "./upload-list";
import { useUploads } from "./use-uploads";

const STAFF_FILES_ROUTE = "GET /api/staff/customers/{userId}/files";

export function CustomerFiles({ userId, siteId }: { userId: string; siteId?: string }) {
  const queryClient = useQueryClient();
  const files = useQuery(customerFilesQuery(userId, siteId));
  const target = useMemo(
    () => ({ customerId: userId, siteId, purpose: "proof" as const }),
    [userId, siteId],
  );
  const refresh = useCallback(
    () =>
      // Every list of the customer's files (the page's and each site's): the route alone.
      void queryClient.invalidateQueries({ queryKey: [STAFF_FILES_ROUTE] }),
    [queryClient],
  );
  const uploads = useUploads(target, refresh);
  const download = async (file: ContentFile) => {
    try {
      const { url } = await customerFileLink(userId, file.id);
      window.location.assign(url);
    } catch {
      toast({ title: "Download Failed", description: file.name, variant: "destructive" });
    }
  };

  return (
    <Stack gap="3" data-testid={siteId ? "staff-site-files" : "staff-customer-files"}>
      <ListStates
        query={files}
        select={(data) => data.files}
        loading={<LoadingSpinner label="Loading files" py="12" />}
        failed={<LoadFailed title="We couldn't load the files." retry={files.refetch} />}
        empty={<EmptyCard text={"No files yet."} />}
      >
        {() => (
          <>
            <FileGrid files={files.data?.files ?? []} onDownload={(file) => void download(file)} />
          </>
        )}
      </ListStates>
      <DropZone compact label="Upload to the customer" onFiles={uploads.add} />
      <UploadList items={uploads.items} />
      {files.data ? (
        <Text fontSize="xs" color="fg.muted">
          {files.data.files.length} file{files.data.files.length === 1 ? "" : "s"}
        </Text>
      ) : null}
    </Stack>
  );
}
