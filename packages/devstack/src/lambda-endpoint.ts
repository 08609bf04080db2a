/**
 * A Lambda Invoke stand-in: the REST call the SDK's LambdaClient makes for a synchronous
 * invocation (`POST /2015-03-31/functions/<name>/invocations`, the payload as the body), so the
 * jobs worker reaches the local browser function through the same client and code path as in
 * AWS. Only RequestResponse: the product invokes nothing asynchronously.
 */
import { createServer } from "node:http";
import { readBody } from "./http-io";
import { close, hostForUrl, listen } from "./net";

export interface InvokeResult {
  payload: string;
  /** "Unhandled" when the handler threw, as Lambda's X-Amz-Function-Error says it. */
  functionError?: string;
}

export type LocalFunction = (payload: string) => Promise<InvokeResult>;

/** Lambda refuses a synchronous request or response payload over 6 MB; so does the stand-in. */
const MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

export async function startLambdaEndpoint(options: {
  host: string;
  functions: Record<string, LocalFunction>;
}) {
  const server = createServer((req, res) => {
    const fail = (status: number, type: string, message: string) => {
      res.writeHead(status, { "content-type": "application/json", "x-amzn-errortype": type });
      res.end(JSON.stringify({ Type: "User", message }));
    };
    void (async () => {
      const match = INVOKE_PATH.exec(new URL(req.url ?? "/", "http://local").pathname);
      if (req.method !== "POST" || !match?.[1]) {
        return fail(404, "UnknownOperationException", "Only Invoke is served here");
      }
      const name = decodeURIComponent(match[1]);
      const fn = options.functions[name];
      if (!fn) return fail(404, "ResourceNotFoundException", `Function not found: ${name}`);
      const type = req.headers["x-amz-invocation-type"] ?? "RequestResponse";
      if (type !== "RequestResponse") {
        return fail(400, "InvalidParameterValueException", `Unsupported invocation type ${type}`);
      }
      let body: Buffer;
      try {
        body = await readBody(req, MAX_PAYLOAD_BYTES);
      } catch {
        return fail(413, "RequestTooLargeException", "Request payload over 6 MB");
      }
      let result = await fn(body.toString("utf8"));
      if (Buffer.byteLength(result.payload) > MAX_PAYLOAD_BYTES) {
        // What Lambda answers for a response over its limit: the caller gets no payload.
        result = {
          functionError: "Unhandled",
          payload: JSON.stringify({
            errorType: "Function.ResponseSizeTooLarge",
            errorMessage:
              "Response payload size exceeded maximum allowed payload size (6291556 bytes).",
          }),
        };
      }
      res.writeHead(200, {
        "content-type": "application/json",
        "x-amz-executed-version": "$LATEST",
        ...(result.functionError ? { "x-amz-function-error": result.functionError } : {}),
      });
      res.end(result.payload);
    })().catch((error: unknown) => {
      if (!res.headersSent) fail(500, "ServiceException", String(error));
      else res.destroy();
    });
  });
  const port = await listen(server, 0, options.host);
  return {
    endpoint: `http://${hostForUrl(options.host)}:${port}`,
    stop: () => close(server),
  };
}
