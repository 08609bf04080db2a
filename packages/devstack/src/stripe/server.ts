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
import { type Snapshot, StripeApiError, StripeEmulator } from "./emulator";
import { StripeFaults } from "./faults";
import { json } from "./http-answers";
import { createRouter } from "./router";
import { WebhookSender } from "./webhooks";

export { parseExpiry } from "./http-answers";

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
  /** Faults of the REST API (faults.ts), also set through POST /__emulator/faults. */
  faults: StripeFaults;
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

  const faults = new StripeFaults();
  const handle = createRouter({
    context: { emulator, accountName: options.accountName ?? "Portal", webhooks },
    secretKey: options.secretKey,
    faults,
    api,
  });

  return {
    emulator,
    apiUrl,
    host,
    port,
    protocol: "http",
    webhooks,
    handle,
    faults,
    async stop() {
      webhooks?.stop();
      faults.releaseHung();
      await close(server);
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
      }
      await save();
    },
  };
}
