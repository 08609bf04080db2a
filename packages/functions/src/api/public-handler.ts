/**
 * The wrapper of a public route (customers' sites, a mail's unsubscribe link, the identity
 * provider's webhook): the frame (frame.ts) without any session, so its bundle carries neither
 * the identity verifier nor the table unless the route's own code needs them
 * (docs/performance.md "`cold`").
 */
import {
  type ApiHandler,
  type Output,
  type RequestParts,
  type RouteOptions,
  type Schema,
  serveRoute,
  validateRequest,
} from "./frame";

export { type HttpResponse, parseJsonBody, response } from "./frame";

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
