/**
 * The one wrapper around every API handler: it does the cross-cutting work (identity, JSON,
 * validation, error mapping, the request log line) so that a handler file is only
 * parse → authorize → call core → respond.
 */

import {
  type SessionIdentity,
  tokenFromRequest,
  verifySessionToken,
} from "@portal/core/adapters/identity";
import type { ApiError } from "@portal/core/contracts/users";
import { DomainError, UnauthorizedError } from "@portal/core/errors";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context as LambdaContext,
} from "aws-lambda";
import type { z } from "zod";
import { writeRequestLog } from "../request-log";

type Schema = z.ZodType;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteOptions<
  Body extends Schema | undefined,
  Query extends Schema | undefined,
  Params extends Schema | undefined,
  Public extends boolean,
> {
  /** Routes are private unless they say otherwise, so a forgotten flag fails closed. */
  public?: Public;
  body?: Body;
  query?: Query;
  params?: Params;
}

export interface RequestContext<Body, Query, Params, Public extends boolean> {
  /** The verified caller. The user id comes from here only, never from the request. */
  identity: Public extends true ? SessionIdentity | undefined : SessionIdentity;
  body: Body;
  query: Query;
  params: Params;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

/** A response other than "200 with this JSON": build it with `response()`. */
export interface HttpResponse {
  status: number;
  body?: unknown;
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

export type ApiHandler = (
  event: APIGatewayProxyEventV2,
  context?: Partial<LambdaContext>,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Thrown inside the wrapper for requests it refuses before any handler code runs. */
class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function api<
  Body extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Params extends Schema | undefined = undefined,
  Public extends boolean = false,
>(
  options: RouteOptions<Body, Query, Params, Public>,
  run: (
    request: RequestContext<Output<Body>, Output<Query>, Output<Params>, Public>,
  ) => Promise<unknown>,
): ApiHandler {
  return async (event) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? "";
    let identity: SessionIdentity | undefined;
    let result: APIGatewayProxyStructuredResultV2;
    let failure: unknown;

    try {
      const token = tokenFromRequest({
        authorization: event.headers?.authorization,
        cookies: event.cookies,
      });
      if (token) {
        // On a public route a bad token is ignored rather than refused: the route serves
        // anonymous callers anyway, and a stale cookie must not lock them out of it.
        identity = options.public
          ? await verifySessionToken(token).catch(() => undefined)
          : await verifySessionToken(token);
      } else if (!options.public) {
        throw new UnauthorizedError("Unauthorized");
      }

      const { body, query, params } = validateRequest(options, event);

      const output = await run({
        identity: identity as RequestContext<unknown, unknown, unknown, Public>["identity"],
        body: body as Output<Body>,
        query: query as Output<Query>,
        params: params as Output<Params>,
        requestId,
        event,
      });
      result = isResponse(output)
        ? toResult(output.status, output.body, output.headers, output.cookies)
        : toResult(200, output);
    } catch (error) {
      result = errorResult(error, requestId);
      if (result.statusCode === 500) failure = error;
    }

    logRequest(event, result.statusCode ?? 200, started, requestId, identity?.userId, failure);
    return result;
  };
}

function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
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
function validateRequest(
  options: { body?: Schema; query?: Schema; params?: Schema },
  event: APIGatewayProxyEventV2,
) {
  const fields: Record<string, string> = {};
  const check = (part: "body" | "query" | "path", schema: Schema | undefined, input: unknown) => {
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
  };
  const body = check("body", options.body, parseJsonBody(event));
  const query = check("query", options.query, event.queryStringParameters ?? {});
  const params = check("path", options.params, event.pathParameters ?? {});
  if (Object.keys(fields).length > 0) {
    throw new BadRequest("validation_failed", "The request is not valid", fields);
  }
  return { body, query, params };
}

function errorResult(error: unknown, requestId: string): APIGatewayProxyStructuredResultV2 {
  if (error instanceof BadRequest) {
    return errorBody(400, { code: error.code, message: error.message, fields: error.fields });
  }
  if (error instanceof DomainError) {
    return errorBody(error.status, {
      code: error.code,
      message: error.message,
      fields: error.fields,
    });
  }
  // Anything unplanned: the caller gets the request id to quote, never our internals.
  return errorBody(500, { code: "internal", message: "Internal server error", requestId });
}

function errorBody(status: number, error: ApiError["error"]) {
  const clean = Object.fromEntries(Object.entries(error).filter(([, v]) => v !== undefined));
  return toResult(status, { error: clean });
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
  userId: string | undefined,
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
    userId: userId ?? null,
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
