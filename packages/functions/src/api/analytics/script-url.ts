/**
 * The tracking script's URL as customers' pages must load it: the origin this request reached
 * the API on (API Gateway's host, or a custom API domain), so the snippet shown in the portal
 * is right for whichever deployment served it, and for the local stack.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

export function scriptUrl(event: APIGatewayProxyEventV2): string {
  const header = event.headers?.host ?? "";
  const host = HOST.test(header) ? header : event.requestContext.domainName;
  // API Gateway sets x-forwarded-proto to https; the local stack to http.
  const proto = event.headers?.["x-forwarded-proto"] === "http" ? "http" : "https";
  return `${proto}://${host}/api/collect.js`;
}
