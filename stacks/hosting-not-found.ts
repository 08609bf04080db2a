/**
 * The site's own 404.html on AWS (docs/hosting.md "Not found pages"): a Lambda@Edge function on
 * the hosting distribution's origin-response event. CloudFront's custom error responses are one
 * page for the whole distribution, and a CloudFront Function runs on viewer events only and
 * cannot read a file, so a per-deployment page needs the origin side: when S3 answers 403 or
 * 404 for a key under `deployments/<id>/` (OAC without ListBucket answers 403 for a missing
 * key), the answer becomes a 404, with the deployment's own 404.html as its body when the
 * viewer-request function said it has one (the `x-portal-not-found` header it sets from the
 * routing entry's `nf`). CloudFront caches the result like any origin answer, so the page is
 * read from S3 once per edge and path.
 *
 * Lambda@Edge takes no environment variables, so the bucket's name is written into the code.
 * The source is CommonJS (an inline ZipFile is index.js) and uses the runtime's own AWS SDK.
 */

/** The request header the viewer-request function sets to the deployment's 404 page key. */
export const NOT_FOUND_HEADER = "x-portal-not-found";
/** Lambda@Edge's limit for a body an origin-response function returns is 1 MB. */
export const NOT_FOUND_PAGE_MAX_BYTES = 1_000_000;

export function notFoundHandlerSource(bucketName: string): string {
  return `"use strict";
const { S3Client, GetObjectCommand } = require("@aws-sdk/client-s3");
const s3 = new S3Client({ region: "us-east-1" });
const BUCKET = ${JSON.stringify(bucketName)};
const PAGE = /^\\/deployments\\/([0-9a-z]{1,64})\\/404\\.html$/i;
const MAX = ${NOT_FOUND_PAGE_MAX_BYTES};

function plain(response) {
  response.status = "404";
  response.statusDescription = "Not Found";
  response.headers["content-type"] = [{ key: "Content-Type", value: "text/plain; charset=utf-8" }];
  response.headers["cache-control"] = [{ key: "Cache-Control", value: "public, max-age=60" }];
  response.body = "Not found";
  response.bodyEncoding = "text";
  return response;
}

exports.handler = async (event) => {
  const { request, response } = event.Records[0].cf;
  if (response.status !== "403" && response.status !== "404") return response;
  const deployment = /^\\/deployments\\/([0-9a-z]{1,64})\\//i.exec(request.uri);
  if (!deployment) return response;
  const header = request.headers[${JSON.stringify(NOT_FOUND_HEADER)}];
  const page = header && header[0] ? PAGE.exec(header[0].value) : null;
  // Only the page of the deployment the URI is in: never another deployment's file.
  if (!page || page[1] !== deployment[1]) return plain(response);
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: header[0].value.slice(1) }));
    if ((object.ContentLength ?? MAX + 1) > MAX) return plain(response);
    response.status = "404";
    response.statusDescription = "Not Found";
    response.headers["content-type"] = [{ key: "Content-Type", value: object.ContentType || "text/html; charset=utf-8" }];
    response.headers["cache-control"] = [{ key: "Cache-Control", value: object.CacheControl || "public, max-age=0, must-revalidate" }];
    response.body = await object.Body.transformToString("utf-8");
    response.bodyEncoding = "text";
    return response;
  } catch (error) {
    return plain(response);
  }
};
`;
}
