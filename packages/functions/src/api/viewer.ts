/**
 * The person behind a request as CloudFront saw them. API Gateway's sourceIp is CloudFront's
 * edge server once the API sits behind the distribution, so the viewer's address and country
 * come from the headers CloudFront adds (stacks/Web.ts forwards them). Those headers are
 * trusted only because the wrapper has already checked the request came through CloudFront,
 * which sets them itself; the local stack strips any a client sends.
 */
import { isIP } from "node:net";
import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** The viewer's IP address: `CloudFront-Viewer-Address` is "ip:port" (IPv6 unbracketed). */
export function viewerIp(event: APIGatewayProxyEventV2): string {
  const address = event.headers?.["cloudfront-viewer-address"] ?? "";
  const ip = address.slice(0, address.lastIndexOf(":")).replace(/^\[|\]$/g, "");
  return isIP(ip) ? ip : event.requestContext.http.sourceIp;
}

/** ISO 3166 alpha-2 country of the viewer, when CloudFront could tell. */
export function viewerCountry(event: APIGatewayProxyEventV2): string | undefined {
  return event.headers?.["cloudfront-viewer-country"];
}
