/**
 * Uploads in flight, one entry per file, each with its own progress: files dropped or chosen
 * together upload side by side. A file the browser already knows cannot be taken (a type not
 * on the list, over 25 MB) fails at once with the same words the API would use.
 */
import {
  CONTENT_TYPES,
  type ContentFile,
  type ContentType,
  formatBytes,
  MAX_FILE_BYTES,
} from "@portal/core/contracts/content";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../api/api-error";
import { contentFilesKey, type UploadTarget, uploadFile } from "./queries";

export interface UploadItem {
  key: string;
  name: string;
  /** 0–1 of the bytes sent. */
  progress: number;
  state: "uploading" | "checking" | "done" | "failed";
  error?: string;
}

/** The type the upload declares: the browser's, or (when it has none, as for some .docx) the extension's. */
export function declaredType(file: Pick<File, "name" | "type">): ContentType | undefined {
  if (file.type in CONTENT_TYPES) return file.type as ContentType;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return (Object.keys(CONTENT_TYPES) as ContentType[]).find((type) =>
    (CONTENT_TYPES[type].extensions as readonly string[]).includes(extension ?? ""),
  );
}

/** Why the browser refuses a file before asking the API; undefined when it may go. */
export function refusal(file: Pick<File, "name" | "type" | "size">): string | undefined {
  if (!declaredType(file))
    return "This type of file cannot be uploaded: use PNG, JPEG, WebP, SVG, PDF, DOCX, TXT or ZIP";
  if (file.size > MAX_FILE_BYTES) return `A file may be at most ${formatBytes(MAX_FILE_BYTES)}`;
  if (file.size === 0) return "The file is empty";
  return undefined;
}

function messageOf(error: unknown): string {
  const api = ApiError.from(error);
  const field = api ? Object.values(api.fields)[0] : undefined;
  return field ?? api?.detail ?? (error instanceof Error ? error.message : "The upload failed");
}

export function useUploads(target: UploadTarget, onUploaded?: (file: ContentFile) => void) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const counter = useRef(0);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      for (const original of files) {
        const key = `upload-${counter.current++}`;
        const refused = refusal(original);
        setItems((list) => [
          ...list,
          {
            key,
            name: original.name,
            progress: 0,
            state: refused ? "failed" : "uploading",
            error: refused,
          },
        ]);
        if (refused) continue;
        // The PUT sends the signed type as its header, whatever the browser guessed.
        uploadFile(original, declaredType(original) as ContentType, target, (progress) =>
          update(key, { progress, state: progress >= 1 ? "checking" : "uploading" }),
        )
          .then((confirmed) => {
            update(key, { state: "done", progress: 1 });
            onUploaded?.(confirmed);
            return queryClient.invalidateQueries({ queryKey: contentFilesKey });
          })
          .catch((error: unknown) => update(key, { state: "failed", error: messageOf(error) }));
      }
    },
    [target, update, queryClient, onUploaded],
  );

  const clearFinished = useCallback(
    () => setItems((list) => list.filter((item) => item.state !== "done")),
    [],
  );

  return { items, add, clearFinished };
}
