// CloudFront Function (cloudfront-js-2.0), viewer response: the security headers every hosted
// page gets, and noindex on preview hosts (docs/hosting.md "Serving"). The request function
// marks a preview with the x-portal-preview header it sets itself. The same file runs in the
// local stack, in node:vm (packages/core/src/hosting/edge/run-in-vm.ts).

async function handler(event) {
  const request = event.request;
  const headers = event.response.headers;
  headers["x-content-type-options"] = { value: "nosniff" };
  headers["referrer-policy"] = { value: "strict-origin-when-cross-origin" };
  const proto = request.headers["x-forwarded-proto"];
  if (!proto || proto.value === "https") {
    headers["strict-transport-security"] = { value: "max-age=31536000" };
  }
  if (request.headers["x-portal-preview"]) {
    headers["x-robots-tag"] = { value: "noindex" };
  }
  return event.response;
}
