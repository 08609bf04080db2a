/**
 * The one request of an upload that does not go to the API: the PUT of the bytes to the
 * presigned URL. XMLHttpRequest, because fetch reports no upload progress. The headers are the
 * ones the URL was signed with (type and tag); the browser sets the signed length itself.
 */
import type { PresignedUpload } from "@portal/core/contracts/content";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export function putWithProgress(
  upload: Pick<PresignedUpload["upload"], "method" | "url" | "headers">,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(`The upload was refused (${request.status})`, request.status));
      }
    };
    request.onerror = () => reject(new UploadError("The upload could not reach storage", 0));
    request.onabort = () => reject(new UploadError("The upload was cancelled", 0));
    request.send(file);
  });
}
