/**
 * The one wrapper around every API handler: it does the cross-cutting work (identity, JSON,
 * validation, error mapping, the request log line) so that a handler file is only
 * parse → authorize → call core → respond.
 */

import { type Actor, resolveActor } from "@portal/core/access/actor";
import { requireKeyAccess } from "@portal/core/access/key-access";
import {
  bearerToken,
  type SessionIdentity,
  tokenFromRequest,
  verifySessionToken,
} from "@portal/core/adapters/identity";
import type { ApiError } from "@portal/core/contracts/users";
import * as ApiKeys from "@portal/core/developer/api-key-auth";
import { DomainError, UnauthorizedError, unavailableError } from "@portal/core/errors";
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context as LambdaContext,
} from "aws-lambda";
import { Config } from "sst/node/config";
import type { z } from "zod";
import { writeRequestLog } from "../request-log";
import { keyAccess, type RouteRecord, routeRecord } from "../routes";
import { requireJsonBody, requireOriginVerified, requireSameSite } from "./request-guards";

declare module "sst/node/config" {
  export interface ParameterResources {
    APP_URL: { value: string };
  }
}

type Schema = z.ZodType;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

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

interface RequestParts<Body, Query, Params> {
  body: Body;
  query: Query;
  params: Params;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

export interface RequestContext<Body, Query, Params> extends RequestParts<Body, Query, Params> {
  /** The verified caller. The user id comes from here only, never from the request. */
  identity: SessionIdentity;
  /** The caller as the route's entitlement resolved them (the stored user where it was read). */
  actor: Exclude<Actor, { type: "public" | "system" }>;
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
class BadRequest extends Error {
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

interface Attempt {
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
function serveRoute(
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

/** A signed-in route: verifies the session, resolves the actor its entitlement asks for. */
export function api<
  Body extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Params extends Schema | undefined = undefined,
>(
  options: RouteOptions<Body, Query, Params>,
  run: (request: RequestContext<Output<Body>, Output<Query>, Output<Params>>) => Promise<unknown>,
): ApiHandler {
  const handler: ApiHandler = serveRoute(false, async (event, record, attempt) => {
    requireJsonBody(event);
    const token = tokenFromRequest({
      authorization: event.headers?.authorization,
      cookies: event.cookies,
    });
    if (!token) throw new UnauthorizedError("Unauthorized");
    requireSameSite(event, appUrl());
    const identity = await identify(token, event, record, attempt);
    attempt.userId = identity.userId;
    const actor = await resolveActor(
      identity,
      record.entitlement as Exclude<RouteRecord["entitlement"], "public">,
    );
    const parts = validateRequest(options, event);
    return run({
      ...(parts as Pick<
        RequestContext<Output<Body>, Output<Query>, Output<Params>>,
        "body" | "query" | "params"
      >),
      identity,
      actor: actor as RequestContext<unknown, unknown, unknown>["actor"],
      requestId: event.requestContext?.requestId ?? "",
      event,
    });
  });
  return Object.assign(handler, { contract: options });
}

let appUrlValue: string | undefined;

/** Config.APP_URL, read once: sst/node fixes Config when it is imported. */
function appUrl(): string {
  appUrlValue ??= Config.APP_URL;
  return appUrlValue;
}

/**
 * The caller behind a token: a session token (Clerk), or an API key sent as a bearer token
 * (docs/developer-api.md). A key answers as its customer only, with no claims (so never as
 * staff), and only on routes its permission covers. A key in a cookie is no key.
 */
async function identify(
  token: string,
  event: APIGatewayProxyEventV2,
  record: RouteRecord,
  attempt: Attempt,
): Promise<SessionIdentity> {
  if (!ApiKeys.isApiKeyToken(token)) return verifySessionToken(token);
  if (bearerToken(event.headers?.authorization) !== token) {
    throw new UnauthorizedError("Unauthorized: send API keys in the Authorization header");
  }
  const caller = await ApiKeys.authenticate(token);
  attempt.userId = caller.userId;
  attempt.apiKeyId = caller.apiKeyId;
  requireKeyAccess(caller.permission, keyAccess(event.routeKey, record));
  return { userId: caller.userId, apiKeyId: caller.apiKeyId, claims: {} };
}

/**
 * A public route (customers' sites call it): no session is read, not even a cookie the browser
 * attaches, so nothing it does can act for a signed-in person.
 */
export function publicApi<
  Body extends Schema | undefined = undefined,
  Query extends Schema | undefined = undefined,
  Params extends Schema | undefined = undefined,
>(
  options: RouteOptions<Body, Query, Params>,
  run: (request: RequestParts<Output<Body>, Output<Query>, Output<Params>>) => Promise<unknown>,
): ApiHandler {
  const handler: ApiHandler = serveRoute(true, async (event) => {
    const parts = validateRequest(options, event);
    return run({
      ...(parts as Pick<
        RequestParts<Output<Body>, Output<Query>, Output<Params>>,
        "body" | "query" | "params"
      >),
      requestId: event.requestContext?.requestId ?? "",
      event,
    });
  });
  return Object.assign(handler, { contract: options });
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
function validateRequest(
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
