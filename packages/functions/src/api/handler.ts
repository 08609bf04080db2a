/**
 * The wrapper of every signed-in API handler: the frame (frame.ts: JSON, validation, error
 * mapping, the request log line) plus identity: the session or API key, and the actor the
 * route's entitlement asks for. A handler file is only parse → authorize → call core → respond.
 * Public routes use public-handler.ts, which loads none of the identity code.
 */

import {
  type CustomerActor,
  type PersonActor,
  resolveActor,
  type StaffActor,
} from "@portal/core/access/actor";
import { requireKeyAccess } from "@portal/core/access/key-access";
import { parameter } from "@portal/core/adapters/bindings";
import { type SessionIdentity, verifySessionToken } from "@portal/core/adapters/identity";
import { bearerToken, tokenFromRequest } from "@portal/core/adapters/session-token";
import type { RouteContract } from "@portal/core/contracts/api-areas/index";
import * as ApiKeys from "@portal/core/developer/api-key-auth";
import { UnauthorizedError } from "@portal/core/errors";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { keyAccess, type RouteKey, type RouteRecord, type routes } from "../routes";
import {
  type ApiHandler,
  type Attempt,
  type RequestParts,
  type Run,
  serveRoute,
  validateRequest,
} from "./frame";
import { idempotent } from "./idempotency";
import { requireJsonBody, requireSameSite } from "./request-guards";

export { type ApiHandler, type HttpResponse, parseJsonBody, response } from "./frame";
export { publicApi } from "./public-handler";

/**
 * The actor a route's record gives its handler: staff on staff routes, the person on routes of
 * `scope: "person"`, else a customer acting in the session's account.
 */
export type ActorOf<R extends RouteKey> = (typeof routes)[R]["entitlement"] extends "staff"
  ? StaffActor
  : (typeof routes)[R] extends { scope: "person" }
    ? PersonActor
    : CustomerActor;

type SignedInActor = CustomerActor | PersonActor | StaffActor;

export interface RequestContext<C extends RouteContract, A extends SignedInActor = SignedInActor>
  extends RequestParts<C> {
  /** The verified caller. The user id comes from here only, never from the request. */
  identity: SessionIdentity;
  /**
   * The caller as the route's entitlement and role resolved them. A customer's `accountId`
   * owns the data; their `userId` is the person who acted (docs/access.md "The actor").
   */
  actor: A;
}

/**
 * A signed-in route: `api("POST /api/tickets", contracts, run)` serves that route of the route
 * table with its contract from `contracts`, the route's area of the contract map
 * (@portal/core/contracts/api-areas/<area>; the area alone, so a handler's bundle carries no
 * other area's schemas). It verifies the session, resolves the actor the route's entitlement
 * asks for, validates the request with the contract's schemas and types `run` by them: its
 * answer must be what the contract's response accepts (docs/architecture.md "One contract per
 * route").
 */
export function api<R extends RouteKey, const A extends { readonly [K in R]: RouteContract }>(
  route: R,
  contracts: A,
  run: Run<A[R], RequestContext<A[R], ActorOf<R>>>,
): ApiHandler {
  const contract: A[R] = contracts[route];
  return serveRoute(false, route, contract, async (event, record, attempt) => {
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
      record.role,
      record.scope,
    );
    const request = {
      ...validateRequest(contract, event),
      identity,
      actor: actor as ActorOf<R>,
      requestId: event.requestContext?.requestId ?? "",
      event,
    };
    // A write sent with an Idempotency-Key runs once per key and caller (idempotency.ts).
    return idempotent(event, identity.userId, attempt, async () => run(request));
  });
}

/** Config.APP_URL, a parameter every function is bound to, read from its variable. */
function appUrl(): string {
  const url = parameter("APP_URL");
  if (!url) throw new Error("Config.APP_URL is not set for this function");
  return url;
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
