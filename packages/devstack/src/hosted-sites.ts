/**
 * The customers' sites on the local stack (docs/hosting.md "Locally"): a request whose Host is
 * under the local hosting domain (`*.sites.localhost`, on the stack's own port) goes through the
 * same CloudFront Functions as on AWS (core/hosting/edge, run in node:vm), which read the
 * KeyValueStore stand-in (edge-routes-store.ts), and is answered from the local hosting bucket,
 * compressed as CloudFront would. Deployments are immutable, so files read from the bucket are
 * kept in memory (bounded) and served from there.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { LOCAL_ENDPOINT_VARIABLE } from "@portal/core/adapters/edge-routes";
import * as Store from "@portal/core/adapters/hosting-store";
import {
  type EdgeRequest,
  type EdgeResponse,
  type EdgeValue,
  isEdgeResponse,
  loadEdgeFunctions,
} from "@portal/core/hosting/edge/run-in-vm";
import { DEPLOYMENTS_PREFIX } from "@portal/core/hosting/enums";
import { LOCAL_KVS_ARN, openEdgeRoutesStore } from "./edge-routes-store";
import type { LocalService } from "./services";
import { COMPRESSIBLE, type Encoding, negotiate } from "./static-site";

/** The local hosting domain: every `<name>.sites.localhost` reaches 127.0.0.1 in Chromium. */
export const LOCAL_SITES_DOMAIN = "sites.localhost";

interface CachedObject {
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Bytes of deployed files kept in memory at most. */
const CACHE_BYTES = 64 * 1024 * 1024;

export function hostedSitesService(domain = LOCAL_SITES_DOMAIN) {
  let edge: ReturnType<typeof loadEdgeFunctions> | undefined;
  const cache = new Map<string, CachedObject>();
  let cachedBytes = 0;

  async function object(key: string): Promise<CachedObject | undefined> {
    const hit = cache.get(key);
    if (hit) {
      // Most recently used last: the first entries are the ones evicted.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const found = await Store.read(key);
    if (!found) return undefined;
    const entry: CachedObject = {
      body: await buffer(found.body),
      contentType: found.contentType ?? "application/octet-stream",
      cacheControl: found.cacheControl ?? "public, max-age=0, must-revalidate",
      etag: found.etag ?? "",
      compressed: {},
    };
    // Only immutable deployment files are kept.
    if (key.startsWith(DEPLOYMENTS_PREFIX) && entry.body.length < CACHE_BYTES / 8) {
      cache.set(key, entry);
      cachedBytes += entry.body.length;
      for (const [oldKey, old] of cache) {
        if (cachedBytes <= CACHE_BYTES) break;
        cache.delete(oldKey);
        cachedBytes -= old.body.length;
      }
    }
    return entry;
  }

  function compressed(entry: CachedObject, encoding: Encoding): Buffer {
    entry.compressed[encoding] ??=
      encoding === "br"
        ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(entry.body, { level: 9 });
    return entry.compressed[encoding];
  }

  function hostOf(req: IncomingMessage): string {
    return (req.headers.host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  }

  function edgeRequest(req: IncomingMessage): EdgeRequest {
    const raw = req.url ?? "/";
    const at = raw.indexOf("?");
    const uri = at === -1 ? raw : raw.slice(0, at);
    const querystring: Record<string, EdgeValue> = {};
    for (const [name, value] of new URLSearchParams(at === -1 ? "" : raw.slice(at + 1))) {
      const field = querystring[name];
      if (!field) querystring[name] = { value };
      else field.multiValue = [...(field.multiValue ?? [{ value: field.value }]), { value }];
    }
    const headers: Record<string, EdgeValue> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined)
        headers[name] = { value: Array.isArray(value) ? value.join(",") : value };
    }
    return { method: req.method ?? "GET", uri, querystring, headers, cookies: {} };
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: EdgeResponse, body?: Buffer) {
    const headers: Record<string, string> = {};
    for (const [name, field] of Object.entries(answer.headers)) headers[name] = field.value;
    let data = body;
    if (data === undefined && answer.body) {
      data = Buffer.from(answer.body.data, answer.body.encoding === "base64" ? "base64" : "utf8");
    }
    if (data !== undefined) headers["content-length"] = String(data.length);
    res.writeHead(answer.statusCode, headers);
    res.end(req.method === "HEAD" ? undefined : data);
  }

  let routeOf: ((host: string) => string | undefined) | undefined;
  const service: LocalService & {
    /** Whether a request is for a hosted site (its Host is under the hosting domain). */
    isSiteHost(req: IncomingMessage): boolean;
    serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
  } = {
    name: "hosted-sites",
    // A custom domain (or its www/apex partner) once attached: it has a routing entry.
    isSiteHost: (req) => hostOf(req).endsWith(`.${domain}`) || routeOf?.(hostOf(req)) !== undefined,
    async serve(req, res) {
      if (!edge) throw new Error("The hosted sites have not started");
      if (req.method !== "GET" && req.method !== "HEAD") {
        // CloudFront's cache behaviour allows GET and HEAD only.
        res
          .writeHead(403, { "content-type": "text/plain; charset=utf-8" })
          .end("Method not allowed");
        return;
      }
      const answer = await edge.viewerRequest(edgeRequest(req));
      if (isEdgeResponse(answer)) return send(req, res, answer);
      const request = answer;
      // The local stack is plain HTTP: the response function leaves HSTS out.
      request.headers["x-forwarded-proto"] = { value: "http" };
      let key: string;
      try {
        key = decodeURIComponent(request.uri).slice(1);
      } catch {
        return send(req, res, { statusCode: 400, headers: {} });
      }
      let status = 200;
      let found = await object(key);
      if (!found) {
        status = 404;
        const notFound = request.headers["x-portal-not-found"]?.value;
        found = notFound ? await object(notFound.slice(1)) : undefined;
      }
      const headers: Record<string, EdgeValue> = found
        ? {
            "content-type": { value: found.contentType },
            "cache-control": { value: found.cacheControl },
            ...(found.etag ? { etag: { value: found.etag } } : {}),
          }
        : {
            "content-type": { value: "text/plain; charset=utf-8" },
            "cache-control": { value: "no-store" },
          };
      let body = found ? found.body : Buffer.from("Not found");
      if (found && status === 200 && found.etag && req.headers["if-none-match"] === found.etag) {
        status = 304;
        body = Buffer.alloc(0);
      }
      const encoding =
        found && status !== 304 && COMPRESSIBLE.test(found.contentType)
          ? negotiate(req.headers["accept-encoding"])
          : undefined;
      if (found && encoding) {
        body = compressed(found, encoding);
        headers["content-encoding"] = { value: encoding };
        headers.vary = { value: "accept-encoding" };
      }
      const response = await edge.viewerResponse(request, { statusCode: status, headers });
      if (status === 304) {
        const h: Record<string, string> = {};
        for (const [name, field] of Object.entries(response.headers)) h[name] = field.value;
        res.writeHead(304, h).end();
        return;
      }
      send(req, res, response, body);
    },
    async start({ dataDir, ephemeral, origins }) {
      const store = await openEdgeRoutesStore(
        ephemeral ? undefined : path.join(dataDir, "edge-routes.json"),
      );
      edge = loadEdgeFunctions((key) => store.get(key));
      routeOf = (key) => store.get(key);
      const [origin = ""] = origins;
      const port = new URL(origin).port;
      return {
        env: {
          SST_Parameter_value_SITES_DOMAIN: domain,
          SST_Parameter_value_SITES_PORT: port,
          SST_Parameter_value_HOSTING_KVS_ARN: LOCAL_KVS_ARN,
          [LOCAL_ENDPOINT_VARIABLE]: `${origin}/__devstack/kvs`,
        },
        mount: { prefix: "/__devstack/kvs", handle: store.handle },
      };
    },
  };
  return service;
}
