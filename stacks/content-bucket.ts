/**
 * What the private bucket needs for customers' content (docs/content.md): the CORS rule that
 * lets the SPA's origin, and only it, PUT a presigned upload, and the lifecycle rule that
 * removes uploads never confirmed. Content lives in the screenshots bucket under
 * `users/<id>/content/` (docs/decisions.md, "Customer content in the private bucket").
 */
import { UNCONFIRMED_TAG } from "@portal/core/content/enums";
import { Duration, type aws_s3 as s3 } from "aws-cdk-lib";
import type { BucketCorsRule } from "sst/constructs";

/** An upload left unconfirmed this long is deleted by S3 (the presigned URL lasts 15 minutes). */
export const UNCONFIRMED_UPLOAD_DAYS = 1;

/**
 * One rule: PUT from the SPA's origin, with the headers the presigned upload signs. No GET:
 * downloads and thumbnails are plain navigations and <img> requests, which need no CORS.
 */
export function contentUploadCors(appOrigin: string): BucketCorsRule[] {
  return [
    {
      allowedOrigins: [appOrigin],
      allowedMethods: ["PUT"],
      allowedHeaders: ["content-type", "x-amz-tagging", "if-none-match"],
      maxAge: "1 hour",
    },
  ];
}

/**
 * Every upload carries the unconfirmed tag (signed into its presigned PUT) until the API
 * confirms it and re-tags it; S3 expires what still carries it (core/content/files.ts).
 */
export const UNCONFIRMED_UPLOAD_RULE: s3.LifecycleRule = {
  id: "UnconfirmedUploads",
  tagFilters: { [UNCONFIRMED_TAG.Key]: UNCONFIRMED_TAG.Value },
  expiration: Duration.days(UNCONFIRMED_UPLOAD_DAYS),
};
