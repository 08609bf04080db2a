/**
 * The frame every API handler runs in, signed-in (handler.ts) or public (public-handler.ts):
 * the route's record, the origin check, JSON, validation, error mapping and the request log
 * line. It loads neither the identity verifier nor the table, so a public route's bundle
 * carries neither (docs/architecture.md, "The request's way").
 */

import type { ApiError } from "@portal/core/contracts/users";
import type * as z from "@portal/core/contracts/zod";
import { DomainError, unavailableError } from "@portal/core/errors";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context as LambdaContext,
} from "aws-lambda";
import { writeRequestLog } from "../request-log";
import { type RouteRecord, routeRecord } from "../routes";
import { requireOriginVerified } from "./request-guards";

export type Schema = z.ZodMiniType;
export type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface RouteOptions<
  Body extends Schema | undefined,
  Query extends Schema | undefined,
  Params extends Schema | undefined,
> {
  body?: Body;
  query?: Query;
  params?: Params;
  /**
   * Skip parsing the body: it is not JSON and the handler does not read it (a mail client's
   * one-click unsubscribe posts a form body), or the handler reads it itself (the page-view
   * route checks its size before parsing it, docs/analytics.md).
   */
  ignoreBody?: boolean;
  /** The success answer's shape, for the API reference (docs/developer-api.md); not checked. */
  response?: Schema;
}

export interface RequestParts<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

/** A response other than "200 with this JSON": build it with `response()`. */
export interface HttpResponse {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of a JSON body; say its content-type in `headers`. */
  text?: string;
  headers?: Record<string, string>;
  cookies?: string[];
}

// A brand instead of duck typing: plain data may well have a `status` field of its own
// (a job's "queued"), and it must still be sent as a 200 body.
const responseBrand = Symbol("HttpResponse");
type BrandedResponse = HttpResponse & { [responseBrand]: true };

export function response(init: HttpResponse): HttpResponse {
  return Object.assign({ ...init }, { [responseBrand]: true as const });
}

function isResponse(value: unknown): value is BrandedResponse {
  return typeof value === "object" && value !== null && responseBrand in value;
}

export type ApiHandler = ((
  event: APIGatewayProxyEventV2,
  context?: Partial<LambdaContext>,
) => Promise<APIGatewayProxyStructuredResultV2>) & {
  /** The schemas the handler checks requests with: the API reference is made from them. */
  contract?: RouteOptions<Schema | undefined, Schema | undefined, Schema | undefined>;
};

/** Thrown inside the wrapper for requests it refuses before any handler code runs. */
export class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A route record that disagrees with the wrapper its handler uses: a deployment mistake. */
class RouteMisconfigured extends Error {}

export interface Attempt {
  /** Set as soon as the caller is known, so the log line names them even when a check fails. */
  userId?: string;
  /** The id (never the key) of the API key that made the request, if one did. */
  apiKeyId?: string;
}

/**
 * The frame every handler runs in: finds the route's record (routes.ts, by the event's route
 * key; no record refuses everything), checks the request came through the distribution, runs
 * `serve`, maps errors, and writes the log line.
 */
export function serveRoute(
  expectPublic: boolean,
  serve: (event: APIGatewayProxyEventV2, record: RouteRecord, attempt: Attempt) => Promise<unknown>,
): ApiHandler {
  return async (event) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? "";
    const attempt: Attempt = {};
    let result: APIGatewayProxyStructuredResultV2;
    let failure: unknown;

    try {
      const record = routeRecord(event.routeKey);
      if (!record || (record.entitlement === "public") !== expectPublic) {
        throw new RouteMisconfigured(`No matching route record for ${event.routeKey}`);
      }
      requireOriginVerified(event);
      const output = await serve(event, record, attempt);
      result = isResponse(output) ? responseResult(output) : toResult(200, output);
    } catch (error) {
      result = errorResult(error, requestId);
      if (result.statusCode === 500) failure = error;
    }

    logRequest(event, result.statusCode ?? 200, started, requestId, attempt, failure);
    return result;
  };
}

/** The request body as JSON (undefined when empty); 400 invalid_json when it is not JSON. */
export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (event.body === undefined || event.body === null || event.body === "") return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, "base64").toString("utf8")
    : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("invalid_json", "Request body is not valid JSON");
  }
}

/**
 * Validates body, query and path together, so one 400 lists every field to fix. Body field
 * paths are bare ("email") so a form can show each message beside its field; query and path
 * fields carry their part ("query.page", "path.id").
 */
export function validateRequest(
  options: { body?: Schema; query?: Schema; params?: Schema; ignoreBody?: boolean },
  event: APIGatewayProxyEventV2,
) {
  const fields: Record<string, string> = {};
  const body = options.ignoreBody
    ? undefined
    : checkPart(fields, "body", options.body, parseJsonBody(event));
  const query = checkPart(fields, "query", options.query, event.queryStringParameters ?? {});
  const params = checkPart(fields, "path", options.params, event.pathParameters ?? {});
  if (Object.keys(fields).length > 0) {
    throw new BadRequest("validation_failed", "The request is not valid", fields);
  }
  return { body, query, params };
}

/** One part's parsed value, or undefined with its problems added to `fields`. */
function checkPart(
  fields: Record<string, string>,
  part: "body" | "query" | "path",
  schema: Schema | undefined,
  input: unknown,
) {
  if (!schema) return input;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    const key = part === "body" ? path || "body" : path ? `${part}.${path}` : part;
    // The first message per field is the one a person should fix first.
    fields[key] ??= issue.message;
  }
  return undefined;
}

function errorResult(error: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  if (error instanceof BadRequest) {
    return errorBody(400, { code: error.code, message: error.message, fields: error.fields });
  }
  // A dependency's temporary failure (throttling, Stripe down) is a 503 with Retry-After.
  const domain = error instanceof DomainError ? error : unavailableError(error);
  if (domain) {
    const result = errorBody(domain.status, {
      code: domain.code,
      message: domain.message,
      fields: domain.fields,
    });
    if (domain.retryAfterSeconds !== undefined) {
      result.headers = { ...result.headers, "retry-after": String(domain.retryAfterSeconds) };
    }
    return result;
  }
  // Anything unplanned: the caller gets the request id to quote, never our internals.
  return errorBody(500, { code: "internal", message: "Internal server error", requestId });
}

function errorBody(status: number, error: ApiError["error"]) {
  const clean = Object.fromEntries(Object.entries(error).filter(([, v]) => v !== undefined));
  return toResult(status, { error: clean });
}

function responseResult(output: HttpResponse): APIGatewayProxyStructuredResultV2 {
  if (output.text === undefined) {
    return toResult(output.status, output.body, output.headers, output.cookies);
  }
  return {
    statusCode: output.status,
    headers: output.headers ?? {},
    ...(output.cookies?.length ? { cookies: output.cookies } : {}),
    body: output.text,
  };
}

function toResult(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  cookies?: string[],
): APIGatewayProxyStructuredResultV2 {
  const hasBody = body !== undefined && status !== 204 && status !== 304;
  return {
    statusCode: status,
    headers: {
      ...(hasBody ? { "content-type": "application/json; charset=utf-8" } : {}),
      // Answers are per user: no shared cache may keep them.
      "cache-control": "no-store",
      ...headers,
    },
    ...(cookies?.length ? { cookies } : {}),
    body: hasBody ? JSON.stringify(body) : "",
  };
}

function logRequest(
  event: APIGatewayProxyEventV2,
  status: number,
  started: number,
  requestId: string,
  attempt: Attempt,
  failure: unknown,
) {
  const line: Record<string, unknown> = {
    level: status >= 500 ? "error" : "info",
    route: event.routeKey,
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    requestId,
    userId: attempt.userId ?? null,
    ...(attempt.apiKeyId ? { apiKeyId: attempt.apiKeyId } : {}),
  };
  if (failure) {
    // The stack goes to the log, which only we read; the response carries none of it.
    line.error =
      failure instanceof Error
        ? { name: failure.name, message: failure.message, stack: failure.stack }
        : { message: String(failure) };
  }
  writeRequestLog(line);
}
