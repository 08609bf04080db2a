/**
 * The Chromium port: launching the browser (Lambda's @sparticuz/chromium or a local binary)
 * and fencing a page so every request it makes passes the outbound-request guard.
 */
import type { Browser, CDPSession, HTTPResponse, Page, Target } from "puppeteer-core";
import puppeteer from "puppeteer-core";
import type { DomainError } from "../errors";
import {
  assertPublicUrl,
  isAllowlisted,
  isPublicAddress,
  type LookupAll,
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
} from "./outbound-guard";

/** Flags for every launch: no background traffic of Chromium's own, nothing to sync. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
] as const;

/**
 * @sparticuz/chromium's defaults include flags that turn off the web's own fences
 * (CORS, mixed content, site isolation). We load pages chosen by customers, so keep them on.
 */
const UNSAFE_LAMBDA_FLAGS = [
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
];

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

export interface ChromiumLaunchSpec {
  executablePath: string;
  args: string[];
  headless: boolean | "shell";
}

/** Which binary and flags: Lambda's packaged Chromium, else CHROMIUM_PATH or Debian's. */
export async function chromiumLaunchSpec(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChromiumLaunchSpec> {
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    // Loaded only in Lambda: it unpacks a ~60 MB brotli archive into /tmp on first use.
    const { default: chromium } = await import("@sparticuz/chromium");
    const args = chromium.args.filter((a) => !UNSAFE_LAMBDA_FLAGS.includes(a));
    return {
      executablePath: await chromium.executablePath(),
      args: [...new Set([...args, ...CHROMIUM_FLAGS])],
      headless: "shell",
    };
  }
  return {
    executablePath: env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
    headless: true,
  };
}

/** Starts a headless Chromium for audits. The caller closes it. */
export async function launchBrowser(): Promise<Browser> {
  const spec = await chromiumLaunchSpec();
  return puppeteer.launch({
    executablePath: spec.executablePath,
    args: spec.args,
    headless: spec.headless,
    // Lighthouse sets its own viewport per form factor; the SEO pass sets one too.
    defaultViewport: null,
  });
}

export interface AuditPage {
  page: Page;
  /** Closes the page and drops what the run left behind (cookies, storage, workers). */
  close(): Promise<void>;
}

/**
 * A page for one audit run, kept apart from earlier runs (one customer's cookies or service
 * worker must not shape the next customer's results). Normally that is a fresh browser
 * context. Lambda's Chromium runs --single-process, where creating a context kills the
 * browser, so there the page opens in the default context and its origins' data is
 * cleared when it closes.
 */
export async function openAuditPage(browser: Browser): Promise<AuditPage> {
  const singleProcess = browser.process()?.spawnargs.includes("--single-process") ?? false;
  if (!singleProcess) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    return { page, close: () => context.close().catch(() => undefined) };
  }
  const page = await browser.newPage();
  const origins = new Set<string>();
  page.on("request", (r) => {
    const u = r.url();
    if (u.startsWith("http:") || u.startsWith("https:")) origins.add(new URL(u).origin);
  });
  return {
    page,
    async close() {
      if (!page.isClosed()) {
        const cdp = await page.createCDPSession().catch(() => undefined);
        if (cdp) {
          await cdp.send("Network.clearBrowserCookies").catch(() => undefined);
          await cdp.send("Network.clearBrowserCache").catch(() => undefined);
          for (const origin of origins) {
            await cdp
              .send("Storage.clearDataForOrigin", { origin, storageTypes: "all" })
              .catch(() => undefined);
          }
          await cdp.detach().catch(() => undefined);
        }
        await page.close().catch(() => undefined);
      }
    },
  };
}

export interface PageGuard {
  /** The first refusal of a main-frame navigation, if any (the run must fail with it). */
  readonly blockedNavigation: DomainError | undefined;
  /** Every URL the guard refused while it was on, in order (for logs and tests). */
  readonly refused: readonly string[];
  /** Throws the main-frame refusal, if there was one. Call after each navigation. */
  throwIfBlocked(): void;
  /** Stops guarding. */
  dispose(): Promise<void>;
}

export interface GuardPageOptions {
  /** Resolver for the guard (tests); defaults to the OS resolver. */
  lookup?: LookupAll;
}

/** Schemes that never leave the browser. Anything else non-http(s) is refused. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

interface RequestPausedEvent {
  requestId: string;
  request: { url: string };
  frameId?: string;
  resourceType?: string;
}

interface LoadNetworkResourceParams {
  url: string;
}

/**
 * Puts every request through the outbound guard while the page is audited: navigations and
 * each redirect hop, sub-resources, and the requests of workers and service workers.
 *
 * Interception sits on the browser target (CDP Fetch domain at browser level), not on the
 * page: a page-level interceptor never sees service-worker requests, and a worker target is
 * already running by the time it could be attached to. Lighthouse's own fetches of
 * robots.txt and source maps use Network.loadNetworkResource, which no interceptor sees,
 * so sessions opened on this page's target check that command's URL before sending it.
 * Refused requests fail as "blocked by client"; a refused main-frame navigation is kept
 * so the run fails with the guard's message rather than a network error.
 *
 * Not covered: WebSocket handshakes and WebRTC (STUN/TURN) never reach the Fetch domain.
 * Their answers are not readable by the page unless the target speaks those protocols, so
 * what remains is a blind request; closing it needs a proxy or a DNS layer below Chromium.
 */
export async function guardPage(
  page: Page,
  allow: readonly string[],
  opts: GuardPageOptions = {},
): Promise<PageGuard> {
  const refused: string[] = [];
  let blockedNavigation: DomainError | undefined;
  // One verdict per scheme+host+port for the guard's life: a run lasts seconds, and asking
  // DNS for every sub-resource would slow down the page we are measuring.
  const verdicts = new Map<string, Promise<DomainError | undefined>>();

  const verdict = (rawUrl: string): Promise<DomainError | undefined> => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.resolve(new OutboundBlockedError(OUTBOUND_MESSAGES.invalidUrl));
    }
    if (LOCAL_SCHEMES.has(url.protocol)) return Promise.resolve(undefined);
    const key = `${url.protocol}//${url.username}:${url.password}@${url.host}`;
    let pending = verdicts.get(key);
    if (!pending) {
      pending = assertPublicUrl(rawUrl, { allowHosts: allow, lookup: opts.lookup }).then(
        () => undefined,
        (e: DomainError) => e,
      );
      verdicts.set(key, pending);
    }
    return pending;
  };

  // The main frame's id is its target's id and survives navigations.
  const probe = await page.createCDPSession();
  const { frameTree } = await probe.send("Page.getFrameTree");
  await probe.detach();
  const mainFrameId = frameTree.frame.id;

  const fence = await page.browser().target().createCDPSession();
  fence.on("Fetch.requestPaused", async (event: RequestPausedEvent) => {
    const error = await verdict(event.request.url);
    if (!error) {
      await fence.send("Fetch.continueRequest", { requestId: event.requestId }).catch(() => {});
      return;
    }
    refused.push(event.request.url);
    if (!blockedNavigation && event.resourceType === "Document" && event.frameId === mainFrameId) {
      blockedNavigation = error;
    }
    await fence
      .send("Fetch.failRequest", { requestId: event.requestId, errorReason: "BlockedByClient" })
      .catch(() => {});
  });
  await fence.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] });

  // DNS may answer differently when Chromium resolves the name itself (rebinding). The
  // address it actually connected to is in the response: a non-public one fails the run.
  const onResponse = (response: HTTPResponse): void => {
    const ip = response.remoteAddress().ip;
    if (!ip) return;
    let url: URL;
    try {
      url = new URL(response.url());
    } catch {
      return;
    }
    if (isAllowlisted(url, allow) || isPublicAddress(ip)) return;
    refused.push(response.url());
    const request = response.request();
    if (
      !blockedNavigation &&
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame()
    ) {
      blockedNavigation = new OutboundBlockedError(OUTBOUND_MESSAGES.notPublic);
    }
  };
  page.on("response", onResponse);

  // Sessions that Lighthouse (or anyone) opens on this page: loadNetworkResource is checked.
  const target = page.target();
  const ownCreate = Object.hasOwn(target, "createCDPSession");
  const originalCreate = target.createCDPSession;
  target.createCDPSession = async function guardedSession(this: Target): Promise<CDPSession> {
    const session = await originalCreate.call(this);
    const send = session.send.bind(session) as (m: string, p?: unknown) => Promise<unknown>;
    const guardedSend = async (method: string, params?: unknown): Promise<unknown> => {
      if (method === "Network.loadNetworkResource") {
        const { url } = params as LoadNetworkResourceParams;
        if (await verdict(url)) {
          refused.push(url);
          return {
            resource: { success: false, netError: -20, netErrorName: "net::ERR_BLOCKED_BY_CLIENT" },
          };
        }
      }
      return send(method, params);
    };
    session.send = guardedSend as CDPSession["send"];
    return session;
  };

  return {
    get blockedNavigation() {
      return blockedNavigation;
    },
    refused,
    throwIfBlocked() {
      if (blockedNavigation) throw blockedNavigation;
    },
    async dispose() {
      page.off("response", onResponse);
      if (ownCreate) target.createCDPSession = originalCreate;
      else delete (target as Partial<Target>).createCDPSession;
      await fence.send("Fetch.disable").catch(() => {});
      await fence.detach().catch(() => {});
    },
  };
}
