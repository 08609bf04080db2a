/**
 * Runs the hosting's CloudFront Functions (viewer-request.js, viewer-response.js) in node:vm the
 * way the local stack serves hosted sites (packages/devstack/src/hosted-sites.ts) and their unit
 * tests run them: one source, two runtimes (docs/hosting.md "The edge code"). The one change to
 * the source is the `cloudfront` import, which a vm script cannot have: it becomes a variable
 * holding the stand-in, whose kvs().get() reads the local routing entries and, as CloudFront's
 * does, rejects for a missing key.
 */
import { readFileSync } from "node:fs";
import vm from "node:vm";

/** CloudFront's event shapes, as far as the functions read and write them. */
export interface EdgeValue {
  value: string;
  multiValue?: EdgeValue[];
}
export interface EdgeRequest {
  method: string;
  uri: string;
  querystring: Record<string, EdgeValue>;
  headers: Record<string, EdgeValue>;
  cookies: Record<string, EdgeValue>;
}
export interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Record<string, EdgeValue>;
  body?: { encoding: "text" | "base64"; data: string };
}

/** Reads a routing entry: the value, or undefined when the key is not in the store. */
export type ReadEntry = (key: string) => string | undefined | Promise<string | undefined>;

export interface EdgeFunctions {
  /** The request function's answer: the request to send on, or a response to send back. */
  viewerRequest(request: EdgeRequest): Promise<EdgeRequest | EdgeResponse>;
  viewerResponse(request: EdgeRequest, response: EdgeResponse): Promise<EdgeResponse>;
}

const IMPORT = /^import cf from ["']cloudfront["'];$/m;
/**
 * Loading a function's file here is cut short when it does not finish: a loop at its top level.
 * Wall time, not CloudFront's ~1 ms of compute: on a loaded machine (a CI run) compiling the file
 * alone has taken over 100 ms, which broke a local stack's start.
 */
const TIMEOUT_MS = 2_000;

export function edgeSource(name: "viewer-request" | "viewer-response"): string {
  return readFileSync(new URL(`./${name}.js`, import.meta.url), "utf8");
}

function load(source: string, readEntry: ReadEntry, file: string) {
  const cloudfront = {
    kvs: () => ({
      async get(key: string, options?: { format?: "string" | "json" | "bytes" }) {
        const value = await readEntry(key);
        if (value === undefined) throw new Error(`The key ${key} is not found`);
        if (options?.format === "json") return JSON.parse(value);
        if (options?.format === "bytes") return Buffer.from(value);
        return value;
      },
    }),
  };
  const context = vm.createContext({ __cloudfront: cloudfront });
  const code = source.replace(IMPORT, "var cf = __cloudfront;");
  new vm.Script(`${code}\n;handler`, { filename: file }).runInContext(context, {
    timeout: TIMEOUT_MS,
  });
  return context as { handler: (event: unknown) => Promise<unknown> };
}

/**
 * Both functions, loaded once. `readEntry` is the KeyValueStore; `sources` lets a test run an
 * edited copy.
 */
export function loadEdgeFunctions(
  readEntry: ReadEntry,
  sources: { request?: string; response?: string } = {},
): EdgeFunctions {
  const request = load(
    sources.request ?? edgeSource("viewer-request"),
    readEntry,
    "viewer-request.js",
  );
  const response = load(
    sources.response ?? edgeSource("viewer-response"),
    readEntry,
    "viewer-response.js",
  );
  const run = (fn: (event: unknown) => Promise<unknown>, event: unknown) =>
    fn(JSON.parse(JSON.stringify(event)));
  return {
    viewerRequest: async (req) =>
      (await run(request.handler, {
        version: "1.0",
        context: { eventType: "viewer-request" },
        viewer: { ip: "127.0.0.1" },
        request: req,
      })) as EdgeRequest | EdgeResponse,
    viewerResponse: async (req, res) =>
      (await run(response.handler, {
        version: "1.0",
        context: { eventType: "viewer-response" },
        viewer: { ip: "127.0.0.1" },
        request: req,
        response: res,
      })) as EdgeResponse,
  };
}

/** Whether the request function answered itself (a response) rather than passing the request on. */
export function isEdgeResponse(answer: EdgeRequest | EdgeResponse): answer is EdgeResponse {
  return "statusCode" in answer;
}
