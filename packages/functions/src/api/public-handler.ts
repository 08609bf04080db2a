/**
 * The wrapper of a public route (customers' sites, a mail's unsubscribe link, the identity
 * provider's webhook): the frame (frame.ts) without any session, so its bundle carries neither
 * the identity verifier nor the table unless the route's own code needs them
 * (docs/performance.md "`cold`").
 */
import type { RouteContract } from "@portal/core/contracts/api-areas/index";
import type { RouteKey } from "../routes";
import { type ApiHandler, type RequestParts, type Run, serveRoute, validateRequest } from "./frame";

export { type HttpResponse, parseJsonBody, response } from "./frame";

/**
 * A public route (customers' sites call it): no session is read, not even a cookie the browser
 * attaches, so nothing it does can act for a signed-in person. Typed and validated by its
 * contract like a signed-in route (handler.ts, `api`).
 */
export function publicApi<R extends RouteKey, const A extends { readonly [K in R]: RouteContract }>(
  route: R,
  contracts: A,
  run: Run<A[R], RequestParts<A[R]>>,
): ApiHandler {
  const contract: A[R] = contracts[route];
  return serveRoute(true, route, contract, async (event) =>
    run({
      ...validateRequest(contract, event),
      requestId: event.requestContext?.requestId ?? "",
      event,
    }),
  );
}
