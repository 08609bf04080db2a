/**
 * The emulator's HTTP surface, one table: each path pattern names the module that serves it.
 * `/v1/...` is the REST API the `stripe` SDK calls (api.ts); the rest are the hosted pages
 * browsers open, Stripe.js's confirmation, and the secret-key controls.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { faultControl } from "../faults";
import { browserConfirmRoute } from "./browser-confirm-routes";
import { checkoutRoute } from "./checkout-routes";
import { controlRoute } from "./control-routes";
import { type StripeFaults, stripeFaultSchema } from "./faults";
import { json } from "./http-answers";
import { invoicePageRoute, payInvoiceRoute } from "./invoice-routes";
import { portalRoute } from "./portal-routes";
import type { RouteContext } from "./route-context";

export interface Request {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path relative to the emulator's root ("/checkout/cs_…"). */
  path: string;
  /** The query string, without "?". */
  query: string;
  body: Buffer;
}

type Serve = (request: Request, match: RegExpMatchArray) => void | Promise<void>;

interface Route {
  pattern: RegExp;
  /** Omitted: any method (the module answers 405 itself). */
  method?: "GET" | "POST";
  serve: Serve;
}

export interface RouterOptions {
  context: RouteContext;
  secretKey: string;
  /** Faults of the REST API, set through /__emulator/faults. */
  faults: StripeFaults;
  /** The REST API under /v1. */
  api: (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
    body: Buffer,
  ) => Promise<void> | void;
}

export function createRouter({ context, secretKey, faults, api }: RouterOptions) {
  const routes: Route[] = [
    {
      pattern: /^\/v1\//,
      serve: ({ req, res, path, query, body }) => {
        const fault = faults.forCall(req.method ?? "GET", path);
        if (fault && faults.answer(fault, res) === "answered") return;
        return api(req, res, path, query, body);
      },
    },
    {
      pattern: /^\/__emulator\/faults$/,
      serve: (request) => {
        if (!authorized(request.req)) return refuse(request.res);
        return faultControl(faults, stripeFaultSchema)(request.req, request.res, "/", request.body);
      },
    },
    {
      pattern: /^\/checkout\/([^/]+)(\/authenticate)?$/,
      serve: ({ req, res, body }, m) =>
        checkoutRoute(context, req, res, m[1] as string, Boolean(m[2]), body),
    },
    {
      pattern: /^\/portal\/([^/]+)(?:\/(cancel|renew|default|add-card))?$/,
      serve: ({ req, res, body, query }, m) =>
        portalRoute(context, req, res, m[1] as string, m[2], body, query),
    },
    {
      pattern: /^\/invoices\/([^/]+)(\/pdf|\/authenticate)?$/,
      method: "GET",
      serve: ({ res }, m) => invoicePageRoute(context, res, m[1] as string, m[2]),
    },
    {
      pattern: /^\/invoices\/([^/]+)(\/pdf|\/authenticate)?$/,
      method: "POST",
      serve: ({ res, body }, m) => payInvoiceRoute(context, res, m[1] as string, m[2], body),
    },
    {
      pattern: /^\/js\/payment_intents\/([^/]+)\/(confirm|authenticate)$/,
      method: "POST",
      serve: ({ res, body }, m) => browserConfirmRoute(context, res, m[1] as string, m[2], body),
    },
    {
      pattern: /^\/__emulator(\/.*)$/,
      serve: ({ req, res, body, query }, m) => {
        if (!authorized(req)) return refuse(res);
        return controlRoute(context, req, res, m[1] as string, body, query);
      },
    },
  ];

  function authorized(req: IncomingMessage) {
    return req.headers.authorization === `Bearer ${secretKey}`;
  }

  function refuse(res: ServerResponse) {
    return json(res, 401, {
      error: { type: "invalid_request_error", message: "Use the secret key." },
    });
  }

  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer,
  ): Promise<void> {
    const method = req.method ?? "GET";
    const query = (req.url ?? "").split("?")[1] ?? "";
    for (const route of routes) {
      const match = path.match(route.pattern);
      if (match && (!route.method || route.method === method)) {
        return route.serve({ req, res, path, query, body }, match);
      }
    }
    return json(res, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${path}).`,
      },
    });
  };
}
