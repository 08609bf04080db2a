/**
 * Node HTTP request ⇄ Lambda HTTP payload (format 2.0), the shape both API Gateway HTTP APIs
 * and Lambda Function URLs send, so handlers run locally on the exact events they get in AWS.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { LOCAL_ACCOUNT_ID } from "./aws";

/** Bodies of these types reach the handler as text; anything else is base64, as in AWS. */
const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b|application\/[\w.+-]+\+(json|xml)\b)/i;

export interface EventTarget {
  /** "GET /api/sites/{id}" for an API route, "$default" for a Function URL. */
  routeKey: string;
  pathParameters?: Record<string, string>;
  /** API Gateway's api id, or the Function URL's id: it shows in domainName. */
  apiId: string;
}

/** `url`: the request's URL when the caller has parsed it already. */
export function buildHttpEvent(
  req: IncomingMessage,
  body: Buffer,
  target: EventTarget,
  url = new URL(req.url ?? "/", "http://local"),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  // rawHeaders keeps repeats apart; AWS joins repeated headers with commas.
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] ?? "").toLowerCase();
    const value = req.rawHeaders[i + 1] ?? "";
    if (name === "cookie") {
      // Payload 2.0 moves cookies out of the headers into their own array.
      cookies = [...(cookies ?? []), ...value.split(/;\s*/).filter(Boolean)];
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  const sourceIp = req.socket.remoteAddress?.replace(/^::ffff:/, "") ?? "127.0.0.1";
  headers["x-forwarded-for"] = sourceIp;
  headers["x-forwarded-proto"] = "http";
  headers["x-forwarded-port"] = String(req.socket.localPort ?? "");

  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    query[key] = key in query ? `${query[key]},${value}` : value;
  }

  const isText = TEXT_TYPES.test(headers["content-type"] ?? "");
  const now = new Date();
  const method = req.method ?? "GET";
  return {
    version: "2.0",
    routeKey: target.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(target.pathParameters && Object.keys(target.pathParameters).length
      ? { pathParameters: target.pathParameters }
      : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: target.apiId,
      domainName: headers.host?.replace(/:\d+$/, "") ?? "localhost",
      domainPrefix: (headers.host ?? "localhost").split(".")[0]?.replace(/:\d+$/, "") ?? "",
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: requestId(),
      routeKey: target.routeKey,
      stage: "$default",
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length
      ? { body: isText ? body.toString("utf8") : body.toString("base64"), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  };
}

/** Writes what a handler returned, reading it the way API Gateway reads payload 2.0 results. */
export function writeHttpResult(res: ServerResponse, result: unknown) {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === "object" && result !== null && "statusCode" in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : // No statusCode: API Gateway answers 200 with the value as JSON.
        {
          statusCode: 200,
          headers: { "content-type": "application/json" },
          body: result === undefined ? "" : JSON.stringify(result),
        };
  res.statusCode = structured.statusCode ?? 200;
  for (const [name, value] of Object.entries(structured.headers ?? {})) {
    res.setHeader(name.toLowerCase(), String(value));
  }
  if (structured.cookies?.length) res.setHeader("set-cookie", structured.cookies);
  const body = structured.body ?? "";
  // Head and body in one write, with the body's Content-Length as API Gateway sends it (it has
  // the whole body from the function), not in chunks; none for a 204 or 304.
  res.end(structured.isBase64Encoded ? Buffer.from(body, "base64") : body);
}

const ID_BYTES = 12;
let idPool = Buffer.alloc(0);
let idOffset = 0;

/**
 * API Gateway's ids are 16 base64 characters; handlers only log and echo them. Cut from a pool
 * of random bytes filled once per 256 requests rather than with a call of its own each.
 */
function requestId() {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 256);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.toString("base64", idOffset - ID_BYTES, idOffset);
}

const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
let clfSecond = Number.NaN;
let clfText = "";

/**
 * "22/Nov/2025:23:07:00 +0000", the format API Gateway puts in requestContext.time; written
 * once per second.
 */
function clfTime(date: Date) {
  const second = Math.floor(date.getTime() / 1000);
  if (second === clfSecond) return clfText;
  const pad = (n: number) => String(n).padStart(2, "0");
  clfSecond = second;
  clfText = `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
  return clfText;
}
