/**
 * The emulator's REST surface under /v1: Stripe's authentication, form-encoded parameters,
 * `expand[]`, list objects with `has_more`, Idempotency-Key replay and Stripe-shaped errors.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  EMULATED_API_VERSION,
  invalidRequest,
  newObjectId,
  StripeApiError,
  type StripeEmulator,
} from "./emulator";
import { type FormObject, parseForm } from "./form";
import type { Kind, Kinds, StoredObject } from "./objects";

interface Call {
  method: string;
  params: FormObject;
  match: RegExpMatchArray;
}

/** What a route answers: a rendered object, a list of them, or a deleted stub. */
type Handler = (call: Call) => object;

interface IdempotentResult {
  method: string;
  path: string;
  hash: string;
  status: number;
  body: unknown;
  at: number;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export interface ApiOptions {
  secretKey: string;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function expandOf(params: FormObject): string[] {
  const expand = params.expand;
  if (Array.isArray(expand)) return expand.filter((e): e is string => typeof e === "string");
  if (typeof expand === "string") return [expand];
  return [];
}

export function createStripeApi(emulator: StripeEmulator, options: ApiOptions) {
  const idempotency = new Map<string, IdempotentResult>();

  function list<K extends Kind>(
    kind: K,
    url: string,
    params: FormObject,
    filter: (o: Kinds[K]) => boolean = () => true,
  ) {
    const limitText = str(params.limit);
    const limit = limitText === undefined ? 10 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw invalidRequest("Invalid limit: must be an integer between 1 and 100.", "limit");
    }
    let items = emulator.all(kind, filter);
    const after = str(params.starting_after);
    const before = str(params.ending_before);
    if (after) {
      const index = items.findIndex((o) => o.id === after);
      if (index < 0) throw invalidRequest(`No such object: '${after}'`, "starting_after");
      items = items.slice(index + 1);
    } else if (before) {
      const index = items.findIndex((o) => o.id === before);
      if (index < 0) throw invalidRequest(`No such object: '${before}'`, "ending_before");
      items = items.slice(Math.max(0, index - limit), index);
    }
    const page = items.slice(0, limit);
    const expand = expandOf(params)
      .filter((path) => path.startsWith("data."))
      .map((path) => path.slice(5));
    return {
      object: "list",
      data: page.map((o) => emulator.render(o, expand)),
      has_more: items.length > page.length,
      url,
    };
  }

  const one = (kind: Kind) => (call: Call) =>
    emulator.render(emulator.get(kind, call.match[1] as string), expandOf(call.params));
  const rendered = <T extends StoredObject>(object: T, params: FormObject) =>
    emulator.render(object, expandOf(params));

  const routes: [string, RegExp, Handler][] = [
    [
      "POST",
      /^\/v1\/customers$/,
      ({ params }) => rendered(emulator.createCustomer(params), params),
    ],
    [
      "GET",
      /^\/v1\/customers$/,
      ({ params }) =>
        list("customer", "/v1/customers", params, (c) => !params.email || c.email === params.email),
    ],
    ["GET", /^\/v1\/customers\/([^/]+)$/, one("customer")],
    [
      "POST",
      /^\/v1\/customers\/([^/]+)$/,
      ({ params, match }) => rendered(emulator.updateCustomer(match[1] as string, params), params),
    ],
    [
      "GET",
      /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      ({ params, match }) => {
        const customer = emulator.get("customer", match[1] as string, "customer");
        return list(
          "payment_method",
          `/v1/customers/${customer.id}/payment_methods`,
          params,
          (pm) => pm.customer === customer.id && (!params.type || pm.type === params.type),
        );
      },
    ],

    ["POST", /^\/v1\/products$/, ({ params }) => rendered(emulator.createProduct(params), params)],
    ["GET", /^\/v1\/products$/, ({ params }) => list("product", "/v1/products", params)],
    ["GET", /^\/v1\/products\/([^/]+)$/, one("product")],
    ["POST", /^\/v1\/prices$/, ({ params }) => rendered(emulator.createPrice(params), params)],
    [
      "GET",
      /^\/v1\/prices$/,
      ({ params }) =>
        list("price", "/v1/prices", params, (p) => !params.product || p.product === params.product),
    ],
    ["GET", /^\/v1\/prices\/([^/]+)$/, one("price")],
    [
      "POST",
      /^\/v1\/prices\/([^/]+)$/,
      ({ params, match }) => rendered(emulator.updatePrice(match[1] as string, params), params),
    ],

    [
      "POST",
      /^\/v1\/checkout\/sessions$/,
      ({ params }) => rendered(emulator.createCheckoutSession(params), params),
    ],
    [
      "GET",
      /^\/v1\/checkout\/sessions$/,
      ({ params }) =>
        list(
          "checkout.session",
          "/v1/checkout/sessions",
          params,
          (s) =>
            (!params.customer || s.customer === params.customer) &&
            (!params.subscription || s.subscription === params.subscription) &&
            (!params.status || s.status === params.status),
        ),
    ],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, one("checkout.session")],
    [
      "POST",
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ({ params, match }) => rendered(emulator.expireCheckoutSession(match[1] as string), params),
    ],

    [
      "GET",
      /^\/v1\/subscriptions$/,
      ({ params }) => {
        const status = str(params.status);
        return list(
          "subscription",
          "/v1/subscriptions",
          params,
          (s) =>
            (!params.customer || s.customer === params.customer) &&
            (status === "all"
              ? true
              : status
                ? s.status === status
                : // Stripe's default leaves canceled subscriptions out.
                  s.status !== "canceled" && s.status !== "incomplete_expired"),
        );
      },
    ],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, one("subscription")],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ({ params, match }) =>
        rendered(emulator.updateSubscription(match[1] as string, params), params),
    ],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)\/pause$/,
      ({ params, match }) => rendered(emulator.pauseSubscription(match[1] as string), params),
    ],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)\/resume$/,
      ({ params, match }) =>
        rendered(emulator.resumeSubscription(match[1] as string, params), params),
    ],
    [
      "DELETE",
      /^\/v1\/subscriptions\/([^/]+)$/,
      ({ params, match }) => rendered(emulator.cancelSubscription(match[1] as string), params),
    ],

    [
      "GET",
      /^\/v1\/invoices$/,
      ({ params }) =>
        list(
          "invoice",
          "/v1/invoices",
          params,
          (i) =>
            (!params.customer || i.customer === params.customer) &&
            (!params.status || i.status === params.status) &&
            (!params.subscription ||
              i.parent?.subscription_details?.subscription === params.subscription),
        ),
    ],
    ["GET", /^\/v1\/invoices\/([^/]+)$/, one("invoice")],
    [
      "POST",
      /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/,
      ({ params, match }) =>
        rendered(emulator.markInvoiceUncollectible(match[1] as string), params),
    ],

    [
      "POST",
      /^\/v1\/payment_intents$/,
      ({ params }) => rendered(emulator.createPaymentIntent(params), params),
    ],
    [
      "GET",
      /^\/v1\/payment_intents$/,
      ({ params }) =>
        list(
          "payment_intent",
          "/v1/payment_intents",
          params,
          (p) => !params.customer || p.customer === params.customer,
        ),
    ],
    ["GET", /^\/v1\/payment_intents\/([^/]+)$/, one("payment_intent")],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)$/,
      ({ params, match }) =>
        rendered(emulator.updatePaymentIntent(match[1] as string, params), params),
    ],
    [
      "POST",
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      ({ params, match }) =>
        rendered(emulator.cancelPaymentIntent(match[1] as string, params), params),
    ],

    ["POST", /^\/v1\/refunds$/, ({ params }) => rendered(emulator.createRefund(params), params)],
    [
      "GET",
      /^\/v1\/refunds$/,
      ({ params }) =>
        list(
          "refund",
          "/v1/refunds",
          params,
          (r) => !params.payment_intent || r.payment_intent === params.payment_intent,
        ),
    ],
    ["GET", /^\/v1\/refunds\/([^/]+)$/, one("refund")],

    [
      "GET",
      /^\/v1\/payment_methods$/,
      ({ params }) =>
        list(
          "payment_method",
          "/v1/payment_methods",
          params,
          (pm) =>
            Boolean(pm.customer) &&
            (!params.customer || pm.customer === params.customer) &&
            (!params.type || pm.type === params.type),
        ),
    ],
    ["GET", /^\/v1\/payment_methods\/([^/]+)$/, one("payment_method")],
    [
      "POST",
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      ({ params, match }) => {
        const customer = str(params.customer);
        if (!customer) throw invalidRequest("Missing required param: customer.", "customer");
        return rendered(emulator.attachPaymentMethod(match[1] as string, customer), params);
      },
    ],
    [
      "POST",
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      ({ params, match }) => rendered(emulator.detachPaymentMethod(match[1] as string), params),
    ],

    ["GET", /^\/v1\/setup_intents\/([^/]+)$/, one("setup_intent")],

    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      ({ params }) => rendered(emulator.createPortalSession(params), params),
    ],

    [
      "POST",
      /^\/v1\/billing_portal\/configurations$/,
      ({ params }) => rendered(emulator.createPortalConfiguration(params), params),
    ],
    [
      "GET",
      /^\/v1\/billing_portal\/configurations$/,
      ({ params }) =>
        list(
          "billing_portal.configuration",
          "/v1/billing_portal/configurations",
          params,
          (c) =>
            (params.is_default === undefined || String(c.is_default) === params.is_default) &&
            (params.active === undefined || String(c.active) === params.active),
        ),
    ],
    ["GET", /^\/v1\/billing_portal\/configurations\/([^/]+)$/, one("billing_portal.configuration")],

    ["POST", /^\/v1\/webhook_endpoints$/, ({ params }) => emulator.createWebhookEndpoint(params)],
    [
      "GET",
      /^\/v1\/webhook_endpoints$/,
      ({ params }) => list("webhook_endpoint", "/v1/webhook_endpoints", params),
    ],
    ["GET", /^\/v1\/webhook_endpoints\/([^/]+)$/, one("webhook_endpoint")],
    [
      "POST",
      /^\/v1\/webhook_endpoints\/([^/]+)$/,
      ({ params, match }) =>
        rendered(emulator.updateWebhookEndpoint(match[1] as string, params), params),
    ],
    [
      "DELETE",
      /^\/v1\/webhook_endpoints\/([^/]+)$/,
      ({ match }) => emulator.deleteWebhookEndpoint(match[1] as string),
    ],

    [
      "GET",
      /^\/v1\/events$/,
      ({ params }) => {
        const types = Array.isArray(params.types) ? params.types : [];
        return list(
          "event",
          "/v1/events",
          params,
          (e) =>
            (!params.type || e.type === params.type) &&
            (types.length === 0 || types.includes(e.type)),
        );
      },
    ],
    ["GET", /^\/v1\/events\/([^/]+)$/, ({ match }) => emulator.get("event", match[1] as string)],
  ];

  function authenticate(req: IncomingMessage) {
    const header = req.headers.authorization ?? "";
    let key = "";
    if (header.startsWith("Bearer ")) key = header.slice(7).trim();
    else if (header.startsWith("Basic ")) {
      key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
    }
    if (!key) {
      throw new StripeApiError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== options.secretKey) {
      const shown =
        key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key;
      throw new StripeApiError(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${shown}`,
      });
    }
  }

  /** Handles one /v1 request; `path` is the request path without query. */
  return function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
    body: Buffer,
  ) {
    const requestId = newObjectId("req", 14);
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": requestId,
        "stripe-version": String(req.headers["stripe-version"] ?? EMULATED_API_VERSION),
        "cache-control": "no-cache, no-store",
        ...extra,
      });
      res.end(JSON.stringify(payload, null, 2));
    };
    const method = req.method ?? "GET";
    try {
      authenticate(req);
      const params = parseForm(method === "GET" ? query : body.toString("utf8") || query);
      const route = routes.find(([m, pattern]) => m === method && pattern.test(path));
      if (!route) {
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      }
      const key = method === "POST" ? str(req.headers["idempotency-key"]) : undefined;
      const hash = createHash("sha256").update(body).digest("hex");
      if (key) {
        const earlier = idempotency.get(key);
        if (earlier && Date.now() - earlier.at < IDEMPOTENCY_TTL_MS) {
          if (earlier.method !== method || earlier.path !== path || earlier.hash !== hash) {
            throw new StripeApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          return send(earlier.status, earlier.body, {
            "idempotent-replayed": "true",
            "original-request": requestId,
          });
        }
      }
      const match = path.match(route[1]) as RegExpMatchArray;
      let status = 200;
      let payload: unknown;
      try {
        payload = route[2]({ method, params, match });
      } catch (error) {
        // Stripe replays errors from the request itself too (not 5xx or auth failures).
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        payload = { error: { ...error.error, request_log_url: null } };
      }
      if (key) idempotency.set(key, { method, path, hash, status, body: payload, at: Date.now() });
      return send(status, payload, key ? { "idempotency-key": key } : {});
    } catch (error) {
      if (error instanceof StripeApiError) return send(error.status, { error: error.error });
      console.error(error);
      return send(500, {
        error: { type: "api_error", message: "An unknown error occurred in the Stripe emulator." },
      });
    }
  };
}
