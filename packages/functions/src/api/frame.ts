/**
 * The frame every API handler runs in, signed-in (handler.ts) or public (public-handler.ts):
 * the route's record, the origin check, JSON, validation, error mapping and the request log
 * line. It loads neither the identity verifier nor the table, so a public route's bundle
 * carries neither (docs/architecture.md, "The request's way").
 */

import { withinRequestBudget } from "@portal/core/adapters/request-budget";
import type { TextAnswer } from "@portal/core/contracts/api-areas/answers";
import type { RouteContract } from "@portal/core/contracts/api-areas/index";
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

/** The value a part of the request has once its schema parsed it; undefined without one. */
type Parsed<C, K extends "params" | "query" | "body"> = C extends {
  [P in K]: infer S extends z.ZodMiniType;
}
  ? z.output<S>
  : undefined;

/** A request's parts as the route's contract (`RouteContract`) types and validated them. */
export interface RequestParts<C extends RouteContract> {
  /** Undefined for a route that reads its body itself (`rawBody`). */
  body: C extends { rawBody: true } ? undefined : Parsed<C, "body">;
  query: Parsed<C, "query">;
  params: Parsed<C, "params">;
  requestId: string;
  event: APIGatewayProxyEventV2;
}

/** The success answer's JSON as a handler gives it: what the contract's response accepts. */
export type AnswerOf<C extends RouteContract> = C["response"] extends z.ZodMiniType
  ? z.input<C["response"]>
  : never;

/**
 * What a handler may return: its answer (sent with the route's success status), or a
 * `response()` whose body is that answer; nothing for a route that answers 204; a `response()`
 * with `text` for a text answer.
 */
export type Reply<C extends RouteContract> = C["response"] extends z.ZodMiniType
  ? AnswerOf<C> | HttpResponse<AnswerOf<C>>
  : C["response"] extends null
    ? // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler returns nothing
      void | HttpResponse<never>
    : HttpResponse<never>;

/** A handler's own code, given the validated request. */
export type Run<C extends RouteContract, Request> = (
  request: Request,
) => Reply<C> | Promise<Reply<C>>;

/** A response other than "the answer with the route's success status": build it with `response()`. */
export interface HttpResponse<Body = unknown> {
  /** Default: the route's success status (its contract's `status`, or 200; 204 for no answer). */
  status?: number;
  /** Sent as JSON. */
  body?: Body;
  /** Sent as it is, instead of a JSON body (a route whose contract names a text answer). */
  text?: string;
  headers?: Record<string, string>;
  cookies?: string[];
}

// A brand instead of duck typing: plain data may well have a `status` field of its own
// (a job's "queued"), and it must still be sent as a 200 body.
const responseBrand = Symbol("HttpResponse");
type BrandedResponse = HttpResponse & { [responseBrand]: true };

export function response<Body = never>(init: HttpResponse<Body>): HttpResponse<Body> {
  return Object.assign({ ...init }, { [responseBrand]: true as const });
}

function isResponse(value: unknown): value is BrandedResponse {
  return typeof value === "object" && value !== null && responseBrand in value;
}

export type ApiHandler = ((
  event: APIGatewayProxyEventV2,
  context?: Partial<LambdaContext>,
) => Promise<APIGatewayProxyStructuredResultV2>) & {
  /** The route key the handler serves; its record in routes.ts must have the same. */
  route: string;
  /** The route's contract (contracts/api-areas), which it validates requests with. */
  contract: RouteContract;
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

/**
 * A route record that disagrees with the wrapper its handler uses, or a record that points at
 * another route's handler: a deployment mistake.
 */
class RouteMisconfigured extends Error {}

/** A success answer its route's contract refuses (checked where `API_CHECK_ANSWERS` is set). */
export class AnswerRefused extends Error {
  constructor(route: string, detail: string) {
    super(`${route} answered what its contract refuses: ${detail}`);
    this.name = "AnswerRefused";
  }
}

export interface Attempt {
  /** Set as soon as the caller is known, so the log line names them even when a check fails. */
  userId?: string;
  /** The id (never the key) of the API key that made the request, if one did. */
  apiKeyId?: string;
  /**
   * Given the answer once it is known, before it is sent: where a request's Idempotency-Key
   * records it (idempotency.ts). A failure here is logged and the answer still sent.
   */
  settle?: (result: APIGatewayProxyStructuredResultV2) => Promise<void>;
}

/**
 * The frame every handler runs in: finds the route's record (routes.ts, by the event's route
 * key; no record, or the record of another route than the handler's, refuses everything),
 * checks the request came through the distribution, runs `serve`, sends its answer with the
 * contract's success status, maps errors, and writes the log line.
 */
export function serveRoute(
  expectPublic: boolean,
  route: string,
  contract: RouteContract,
  serve: (event: APIGatewayProxyEventV2, record: RouteRecord, attempt: Attempt) => Promise<unknown>,
): ApiHandler {
  const handler = async (event: APIGatewayProxyEventV2) => {
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
      // The same record: the handler's own route, or one of its `alsoAt` keys.
      if (record !== routeRecord(route)) {
        throw new RouteMisconfigured(`${event.routeKey} is served by the handler of ${route}`);
      }
      requireOriginVerified(event);
      // Retries stop in time to answer well inside the gateway's 30 s (request-budget.ts).
      const output = await withinRequestBudget(() => serve(event, record, attempt));
      result = answerResult(output, contract);
      if (checkAnswers()) checkAnswer(route, contract, result);
    } catch (error) {
      result = errorResult(error, requestId);
      if (result.statusCode === 500) failure = error;
    }
    if (attempt.settle) await settle(attempt.settle, result);

    logRequest(event, result.statusCode ?? 200, started, requestId, attempt, failure);
    return result;
  };
  return Object.assign(handler, { route, contract });
}

async function settle(
  hook: NonNullable<Attempt["settle"]>,
  result: APIGatewayProxyStructuredResultV2,
): Promise<void> {
  try {
    await hook(result);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        msg: "answer not recorded for its Idempotency-Key",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

/** The status a route answers success with: its contract's, 204 with no answer, else 200. */
export function successStatus(contract: RouteContract): number {
  return contract.status ?? (contract.response === null ? 204 : 200);
}

function isTextAnswer(answer: RouteContract["response"]): answer is TextAnswer {
  return answer !== null && "contentType" in answer;
}

function answerResult(output: unknown, contract: RouteContract): APIGatewayProxyStructuredResultV2 {
  if (!isResponse(output)) return toResult(successStatus(contract), output);
  const status = output.status ?? successStatus(contract);
  if (output.text === undefined) {
    return toResult(status, output.body, output.headers, output.cookies);
  }
  const contentType = isTextAnswer(contract.response) ? contract.response.contentType : undefined;
  return {
    statusCode: status,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...output.headers },
    ...(output.cookies?.length ? { cookies: output.cookies } : {}),
    body: output.text,
  };
}

/**
 * Whether success answers are parsed with the route's response schema before they are sent:
 * the local stack (and so every integration test and `npm start`) sets API_CHECK_ANSWERS;
 * deployed stages do not (docs/architecture.md "One contract per route": what it costs).
 */
function checkAnswers(): boolean {
  return process.env.API_CHECK_ANSWERS === "true";
}

/** Refuses a success answer the route's contract does not describe (a 500 names the fields). */
function checkAnswer(
  route: string,
  contract: RouteContract,
  result: APIGatewayProxyStructuredResultV2,
) {
  const status = result.statusCode ?? 200;
  if (status < 200 || status > 299) return;
  const answer = contract.response;
  if (answer === null) {
    if (result.body) throw new AnswerRefused(route, "a body where none is declared");
    return;
  }
  if (isTextAnswer(answer)) return;
  // As the client reads it: the JSON that was sent, not the value before it was serialised.
  const parsed = answer.safeParse(result.body ? JSON.parse(result.body) : undefined);
  if (!parsed.success) {
    const fields = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join(".") || "(the answer)"}: ${issue.message}`);
    throw new AnswerRefused(route, fields.join("; "));
  }
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
export function validateRequest<C extends RouteContract>(
  contract: C,
  event: APIGatewayProxyEventV2,
): Pick<RequestParts<C>, "body" | "query" | "params"> {
  const fields: Record<string, string> = {};
  const body = contract.rawBody
    ? undefined
    : checkPart(fields, "body", contract.body, parseJsonBody(event));
  const query = checkPart(fields, "query", contract.query, event.queryStringParameters ?? {});
  const params = checkPart(fields, "path", contract.params, event.pathParameters ?? {});
  if (Object.keys(fields).length > 0) {
    throw new BadRequest("validation_failed", "The request is not valid", fields);
  }
  return { body, query, params } as Pick<RequestParts<C>, "body" | "query" | "params">;
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
