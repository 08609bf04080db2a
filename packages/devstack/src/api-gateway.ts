/**
 * The API Gateway stand-in: matches a request against the route table the way an HTTP API
 * does (method + path, `{param}` and greedy `{param+}` segments, the most specific route
 * wins) and runs the route's handler on a payload 2.0 event.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorJson, sendJson } from "./http-io";
import { buildHttpEvent, writeHttpResult } from "./lambda-events";
import type { HandlerLoader } from "./lambda-runtime";

interface CompiledRoute {
  routeKey: string;
  method: string;
  handler: string;
  path: string;
  pattern: RegExp;
  params: string[];
  /** Literal segments first, then fewer parameters: API Gateway's "most specific" order. */
  rank: [number, number, number];
}

export interface RouteTable {
  /** In API Gateway's "most specific" order. */
  ordered: CompiledRoute[];
  /**
   * "METHOD /path" of each route without parameters, to its place in `ordered`. Such a route
   * matches its own path only and comes before every route with parameters, so a request it
   * matches is found here at once instead of by trying every pattern.
   */
  literal: Map<string, number>;
}

/** A route record as the gateway reads it: its handler, and other route keys it answers. */
export interface GatewayRoute {
  handler: string;
  alsoAt?: readonly string[];
}

export function compileRoutes(routes: Record<string, GatewayRoute>): RouteTable {
  const ordered = Object.entries(routes)
    .flatMap(([routeKey, { handler, alsoAt = [] }]) =>
      [routeKey, ...alsoAt].map((key) => [key, handler] as const),
    )
    .map(([routeKey, handler]) => {
      const [method = "", path = ""] = routeKey.split(" ");
      const params: string[] = [];
      let greedy = 0;
      const source = path
        .split("/")
        .map((segment) => {
          const param = /^\{(\w+)(\+?)\}$/.exec(segment);
          if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          params.push(param[1] ?? "");
          if (param[2]) {
            greedy++;
            return "(.+)";
          }
          return "([^/]+)";
        })
        .join("/");
      return {
        routeKey,
        method: method.toUpperCase(),
        handler,
        path,
        pattern: new RegExp(`^${source}$`),
        params,
        rank: [greedy, params.length, -path.length] as [number, number, number],
      };
    })
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2]);
  const literal = new Map<string, number>();
  ordered.forEach((route, index) => {
    const key = `${route.method} ${route.path}`;
    if (route.params.length === 0 && !literal.has(key)) literal.set(key, index);
  });
  return { ordered, literal };
}

/** A percent-encoded segment decoded, or undefined when its encoding is not valid UTF-8. */
function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function matchRoute(table: RouteTable, method: string, path: string) {
  const own = table.literal.get(`${method} ${path}`);
  const any = table.literal.get(`ANY ${path}`);
  const first = own === undefined ? any : any === undefined ? own : Math.min(own, any);
  const literal = first === undefined ? undefined : table.ordered[first];
  if (literal) return { route: literal, pathParameters: {} as Record<string, string> };
  for (const route of table.ordered) {
    if (route.params.length === 0) continue;
    if (route.method !== "ANY" && route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    for (const [i, name] of route.params.entries()) {
      const value = decodePathSegment(match[i + 1] ?? "");
      // API Gateway answers a 4xx and never invokes the function (docs/architecture.md).
      if (value === undefined) return { route, malformed: true as const };
      pathParameters[name] = value;
    }
    return { route, pathParameters };
  }
  return undefined;
}

/**
 * The local stand-in for CloudFront's geolocation: CloudFront sets `cloudfront-viewer-country`
 * from the viewer's address; locally a client says its country with this header instead.
 */
export const LOCAL_VIEWER_COUNTRY_HEADER = "x-devstack-viewer-country";

/**
 * The local stand-in for the viewer's address: CloudFront sets `cloudfront-viewer-address`
 * ("ip:port") from the connection; locally it is the socket's address, or this header's
 * value, so tests can play visitors on different networks.
 */
export const LOCAL_VIEWER_ADDRESS_HEADER = "x-devstack-viewer-address";

/**
 * `edgeHeaders`: what the distribution in front of the API adds to every request it forwards
 * (the origin secret; stacks/Web.ts). As CloudFront does, the viewer cannot supply its own:
 * those and every `cloudfront-*` header a client sends are dropped first, then the edge adds
 * `cloudfront-viewer-address` and, when asked, `cloudfront-viewer-country` itself
 * (docs/security.md).
 */
export function createApiGateway(
  routes: Record<string, GatewayRoute>,
  loader: HandlerLoader,
  edgeHeaders: Record<string, string> = {},
) {
  const table = compileRoutes(routes);
  return async (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => {
    const path = url.pathname;
    const match = matchRoute(table, req.method ?? "GET", path);
    if (!match) {
      sendJson(res, 404, errorJson("not_found", `No route for ${req.method} ${path}`));
      return;
    }
    if ("malformed" in match) {
      sendJson(res, 400, errorJson("bad_request", `Malformed path parameter in ${path}`));
      return;
    }
    const event = buildHttpEvent(
      req,
      body,
      { routeKey: match.route.routeKey, pathParameters: match.pathParameters, apiId: "local" },
      url,
    );
    const country = event.headers[LOCAL_VIEWER_COUNTRY_HEADER];
    const address =
      event.headers[LOCAL_VIEWER_ADDRESS_HEADER] ?? event.requestContext.http.sourceIp;
    for (const name of Object.keys(event.headers)) {
      if (name.startsWith("cloudfront-") || name in edgeHeaders) delete event.headers[name];
    }
    delete event.headers[LOCAL_VIEWER_COUNTRY_HEADER];
    delete event.headers[LOCAL_VIEWER_ADDRESS_HEADER];
    Object.assign(
      event.headers,
      edgeHeaders,
      // "ip:port", an IPv6 address unbracketed, as CloudFront writes it.
      { "cloudfront-viewer-address": `${address}:${req.socket.remotePort ?? 0}` },
      country ? { "cloudfront-viewer-country": country } : {},
    );
    writeHttpResult(res, await loader.invoke(match.route.handler, event));
  };
}
