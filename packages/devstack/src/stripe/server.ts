/**
 * Starts the Stripe emulator: its own HTTP port on 127.0.0.1 for the `stripe` SDK (which
 * always calls `/v1/...` at the host, port and protocol it is given), the same handler for
 * the local stack to mount under a path for browsers (hosted pages, card confirmation), the
 * webhook sender, and the prices the plans use, seeded with fixed ids.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { readBody } from "../http-io";
import { close, hostForUrl, listen } from "../net";
import { createStripeApi } from "./api";
import type { CardError } from "./cards";
import { type Snapshot, StripeApiError, StripeEmulator } from "./emulator";
import { parseForm } from "./form";
import type { StoredPaymentIntent } from "./objects";
import {
  checkoutConfirmPage,
  checkoutDonePage,
  checkoutExpiredPage,
  checkoutPage,
  invoicePage,
  invoicePdf,
  notFoundPage,
  portalPage,
} from "./pages";
import { WebhookSender } from "./webhooks";

export interface SeedPrice {
  productId: string;
  priceId: string;
  name: string;
  /** Cents. */
  unitAmount: number;
  currency: string;
  interval: "month" | "year";
}

export interface StripeEmulatorOptions {
  host?: string;
  /** 0 = a free port. */
  port?: number;
  /** Where browsers reach this emulator's pages, without a trailing slash. */
  publicUrl?: string;
  secretKey: string;
  webhook?: { url: string; secret: string; retryDelaysMs?: number[] };
  /** Omitted: state in memory only. */
  dataFile?: string;
  accountName?: string;
  seed?: SeedPrice[];
  log?: (line: Record<string, unknown>) => void;
}

export interface RunningStripeEmulator {
  emulator: StripeEmulator;
  /** e.g. http://127.0.0.1:41234 */
  apiUrl: string;
  host: string;
  port: number;
  protocol: "http";
  webhooks: WebhookSender | undefined;
  /** Serves a request whose path is relative to the emulator's root ("/checkout/cs_…"). */
  handle(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): Promise<void>;
  stop(): Promise<void>;
}

async function loadSnapshot(file: string | undefined): Promise<Snapshot | undefined> {
  if (!file) return undefined;
  try {
    const parsed = JSON.parse(await readFile(file, "utf8")) as Snapshot;
    return parsed.version === 1 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** "12 / 34", "12/34", "1234" → month and year. */
export function parseExpiry(value: string): { month: number; year: number } {
  const digits = value.replace(/\D/g, "");
  if (value.includes("/")) {
    const [m = "", y = ""] = value.split("/").map((p) => p.trim());
    return { month: Number(m), year: Number(y) };
  }
  return { month: Number(digits.slice(0, 2)), year: Number(digits.slice(2)) };
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    // The pages hold card fields: no framing, no referrer leaks.
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
  });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, "cache-control": "no-store" });
  res.end();
}

export async function startStripeEmulator(
  options: StripeEmulatorOptions,
): Promise<RunningStripeEmulator> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? (() => {});
  const webhooks = options.webhook ? new WebhookSender({ ...options.webhook, log }) : undefined;

  let saveTimer: NodeJS.Timeout | undefined;
  let latest: Snapshot | undefined;
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    if (!options.dataFile || !latest) return saving;
    const file = options.dataFile;
    const text = JSON.stringify(latest);
    saving = saving.then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, text);
      await rename(`${file}.tmp`, file);
    });
    return saving;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://emulator");
      await handle(req, res, url.pathname, await readBody(req));
    })().catch((error) => {
      // A page's form the parser refuses (docs/billing.md, "Trying it locally"): the client's error.
      if (error instanceof StripeApiError && !res.headersSent) {
        return json(res, error.status, { error: error.error });
      }
      console.error(error);
      if (!res.headersSent)
        json(res, 500, { error: { type: "api_error", message: String(error) } });
      else res.destroy();
    });
  });
  const port = await listen(server, options.port ?? 0, host);
  const apiUrl = `http://${hostForUrl(host)}:${port}`;

  const emulator = new StripeEmulator({
    publicUrl: options.publicUrl ?? apiUrl,
    accountName: options.accountName,
    snapshot: await loadSnapshot(options.dataFile),
    onEvent: (event) => webhooks?.send(event),
    onChange: (snapshot) => {
      if (!options.dataFile) return;
      latest = snapshot;
      if (saveTimer) return;
      saveTimer = setTimeout(() => {
        saveTimer = undefined;
        void save();
      }, 100);
    },
  });
  for (const seed of options.seed ?? []) {
    emulator.createProduct({ name: seed.name, metadata: {} }, seed.productId);
    emulator.createPrice(
      {
        product: seed.productId,
        unit_amount: String(seed.unitAmount),
        currency: seed.currency,
        recurring: { interval: seed.interval },
      },
      seed.priceId,
    );
  }

  const api = createStripeApi(emulator, { secretKey: options.secretKey });

  function authorizedControl(req: IncomingMessage) {
    return req.headers.authorization === `Bearer ${options.secretKey}`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, urlPath: string, body: Buffer) {
    const method = req.method ?? "GET";
    const query = (req.url ?? "").split("?")[1] ?? "";
    if (urlPath.startsWith("/v1/")) return api(req, res, urlPath, query, body);

    let match = urlPath.match(/^\/checkout\/([^/]+)(\/authenticate)?$/);
    if (match) return checkout(req, res, match[1] as string, Boolean(match[2]), body);

    match = urlPath.match(/^\/portal\/([^/]+)(?:\/(cancel|renew|default|add-card))?$/);
    if (match) return portal(req, res, match[1] as string, match[2], body, query);

    match = urlPath.match(/^\/invoices\/([^/]+)(\/pdf|\/authenticate)?$/);
    if (match && method === "POST") return payInvoice(res, match[1] as string, match[2], body);
    if (match && method === "GET") {
      const invoice = emulator.find(match[1], "invoice");
      if (!invoice) return html(res, 404, notFoundPage("Invoice"));
      const account = options.accountName ?? "Portal";
      if (match[2] === "/pdf") {
        const pdf = invoicePdf(emulator.render(invoice), account);
        res.writeHead(200, {
          "content-type": "application/pdf",
          "content-disposition": `inline; filename="Invoice-${invoice.number ?? invoice.id}.pdf"`,
          "content-length": String(pdf.length),
        });
        return void res.end(pdf);
      }
      return html(res, 200, invoicePage(emulator.render(invoice), account));
    }

    match = urlPath.match(/^\/js\/payment_intents\/([^/]+)\/(confirm|authenticate)$/);
    if (match && method === "POST") return browserConfirm(res, match[1] as string, match[2], body);

    if (urlPath.startsWith("/__emulator/")) {
      if (!authorizedControl(req)) {
        return json(res, 401, {
          error: { type: "invalid_request_error", message: "Use the secret key." },
        });
      }
      return control(req, res, urlPath.slice("/__emulator".length), body, query);
    }
    return json(res, 404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${urlPath}).`,
      },
    });
  }

  function checkout(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    authenticate: boolean,
    body: Buffer,
  ) {
    const session = emulator.find(id, "checkout.session");
    if (!session) return html(res, 404, notFoundPage("Checkout session"));
    const view = emulator.checkoutSummary(id);
    const successUrl = String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", id);
    if (session.status === "expired") {
      return html(res, req.method === "GET" ? 200 : 410, checkoutExpiredPage(view));
    }
    if (req.method === "GET") {
      if (session.status !== "open") return html(res, 200, checkoutDonePage(view, successUrl));
      if (emulator.checkoutPendingAuthentication(id))
        return html(res, 200, checkoutConfirmPage(view));
      return html(res, 200, checkoutPage(view));
    }
    if (req.method !== "POST") return json(res, 405, { error: { message: "Method not allowed" } });
    const form = parseForm(body.toString("utf8"));
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    if (authenticate) {
      const outcome = emulator.authenticateCheckout(id, field("action") === "complete");
      if (outcome.kind === "redirect") return redirect(res, outcome.url);
      if (outcome.kind === "expired") return html(res, 410, checkoutExpiredPage(view));
      return html(
        res,
        402,
        checkoutPage(emulator.checkoutSummary(id), {
          error: outcome.kind === "error" ? outcome.error : null,
        }),
      );
    }
    const expiry = parseExpiry(field("exp"));
    const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
    const outcome = emulator.submitCheckout(id, {
      number: values.number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: field("cvc"),
      name: values.name,
    });
    if (outcome.kind === "redirect") return redirect(res, outcome.url);
    if (outcome.kind === "expired") return html(res, 410, checkoutExpiredPage(view));
    if (outcome.kind === "requires_action") return html(res, 200, checkoutConfirmPage(view));
    return html(res, 402, checkoutPage(view, { values, error: outcome.error }));
  }

  function portal(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    action: string | undefined,
    body: Buffer,
    query: string,
  ) {
    const session = emulator.find(id, "billing_portal.session");
    if (!session) return html(res, 404, notFoundPage("Billing portal session"));
    const here = `${emulator.publicUrl}/portal/${id}`;
    if (!action) {
      if (req.method !== "GET") return json(res, 405, { error: { message: "Method not allowed" } });
      const done = new URLSearchParams(query).get("done");
      const messages: Record<string, string> = {
        canceled: "Your plan has been canceled. It stays active until the end of the period.",
        renewed: "Your plan has been renewed.",
        default: "Your default payment method has been updated.",
        added: "Your card has been added and set as default.",
      };
      return html(
        res,
        200,
        portalPage(emulator.portalView(id), { message: done ? messages[done] : undefined }),
      );
    }
    if (req.method !== "POST") return json(res, 405, { error: { message: "Method not allowed" } });
    const form = parseForm(body.toString("utf8"));
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    try {
      if (action === "cancel" || action === "renew") {
        emulator.portalSetCancel(id, field("subscription"), action === "cancel");
        return redirect(res, `${here}?done=${action === "cancel" ? "canceled" : "renewed"}`);
      }
      if (action === "default") {
        emulator.portalSetDefault(id, field("payment_method"));
        return redirect(res, `${here}?done=default`);
      }
      const expiry = parseExpiry(field("exp"));
      const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
      const error: CardError | undefined = emulator.portalAddCard(id, {
        number: values.number,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: field("cvc"),
        name: values.name,
      });
      if (error) {
        return html(
          res,
          402,
          portalPage(emulator.portalView(id), { error: error.message, values }),
        );
      }
      return redirect(res, `${here}?done=added`);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(res, error.status, portalPage(emulator.portalView(id), { error: error.message }));
    }
  }

  /** The hosted invoice page's pay form: the invoice's PaymentIntent confirmed with a card. */
  function payInvoice(res: ServerResponse, id: string, step: string | undefined, body: Buffer) {
    const invoice = emulator.find(id, "invoice");
    const payment = emulator.invoicePayment(id);
    const account = options.accountName ?? "Portal";
    if (!invoice || !payment) return html(res, 404, notFoundPage("Invoice"));
    const page = `${emulator.publicUrl}/invoices/${id}`;
    if (invoice.status !== "open") return redirect(res, page);
    const form = parseForm(body.toString("utf8"));
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const values = { number: field("cardnumber"), exp: field("exp"), name: field("name") };
    try {
      let intent: StoredPaymentIntent;
      if (step === "/authenticate") {
        intent = emulator.authenticateFromBrowser(
          payment.id,
          payment.clientSecret,
          field("action") === "complete",
        );
      } else {
        const expiry = parseExpiry(values.exp);
        intent = emulator.confirmFromBrowser(payment.id, payment.clientSecret, {
          number: values.number,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: field("cvc"),
        });
      }
      if (intent.status === "requires_action") {
        return html(res, 200, invoicePage(emulator.render(invoice), account, { confirm: true }));
      }
      return redirect(res, page);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(
        res,
        error.status,
        invoicePage(emulator.render(invoice), account, { values, error: error.message }),
      );
    }
  }

  /** The card form of the SPA in local mode: Stripe.js's confirmation, by client secret. */
  function browserConfirm(res: ServerResponse, id: string, step: string | undefined, body: Buffer) {
    let input: JsonBody;
    try {
      input = jsonBody(body);
    } catch {
      return json(res, 400, { error: { type: "invalid_request_error", message: "Invalid JSON" } });
    }
    const secret = typeof input.clientSecret === "string" ? input.clientSecret : "";
    try {
      let intent: StoredPaymentIntent;
      if (step === "authenticate") {
        intent = emulator.authenticateFromBrowser(id, secret, input.approve === true);
      } else {
        const card: JsonBody =
          typeof input.card === "object" && input.card !== null ? (input.card as JsonBody) : {};
        intent = emulator.confirmFromBrowser(id, secret, {
          number: String(card.number ?? ""),
          expMonth: Number(card.expMonth),
          expYear: Number(card.expYear),
          cvc: String(card.cvc ?? ""),
        });
      }
      // What Stripe.js resolves with: the intent as a publishable key may see it.
      return json(res, 200, {
        id: intent.id,
        status: intent.status,
        next_action: intent.next_action,
      });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const { payment_intent: intent, ...rest } = error.error;
      return json(res, error.status, {
        status: intent?.status ?? "requires_payment_method",
        error: rest,
      });
    }
  }

  async function control(
    req: IncomingMessage,
    res: ServerResponse,
    urlPath: string,
    body: Buffer,
    query: string,
  ) {
    const input = jsonBody(body);
    try {
      let match = urlPath.match(/^\/subscriptions\/([^/]+)\/renew$/);
      if (match && req.method === "POST") {
        return json(res, 200, emulator.render(emulator.renewSubscription(match[1] as string)));
      }
      match = urlPath.match(/^\/events\/([^/]+)\/resend$/);
      if (match && req.method === "POST") {
        const event = emulator.get("event", match[1] as string);
        webhooks?.resend(event);
        return json(res, 200, { resent: event.id });
      }
      if (urlPath === "/webhooks/idle" && req.method === "POST") {
        const idle = (await webhooks?.idle(Number(input.timeoutMs ?? 30_000))) ?? true;
        return json(res, 200, { idle, pending: webhooks?.pending() ?? 0 });
      }
      if (urlPath === "/webhooks/hold" && req.method === "POST") {
        webhooks?.hold(String(input.customer));
        return json(res, 200, { holding: input.customer });
      }
      if (urlPath === "/webhooks/release" && req.method === "POST") {
        const order =
          input.order === "reverse" || input.order === "drop" ? input.order : "original";
        const events = webhooks?.release(String(input.customer), order) ?? [];
        return json(res, 200, { released: events.map((e) => ({ id: e.id, type: e.type })), order });
      }
      if (urlPath === "/webhooks/deliveries" && req.method === "GET") {
        const eventId = new URLSearchParams(query).get("event") ?? undefined;
        return json(res, 200, { deliveries: webhooks?.deliveries(eventId) ?? [] });
      }
      return json(res, 404, {
        error: { type: "invalid_request_error", message: "Unknown control" },
      });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return json(res, error.status, { error: error.error });
    }
  }

  return {
    emulator,
    apiUrl,
    host,
    port,
    protocol: "http",
    webhooks,
    handle,
    async stop() {
      webhooks?.stop();
      await close(server);
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
      }
      await save();
    },
  };
}

/** A JSON request body of the emulator's own pages and controls; fields are checked where read. */
type JsonBody = Record<string, unknown>;

function jsonBody(body: Buffer): JsonBody {
  const parsed: unknown = JSON.parse(body.toString("utf8") || "{}");
  return typeof parsed === "object" && parsed !== null ? (parsed as JsonBody) : {};
}
