/**
 * The Chromium port: launching the browser (@sparticuz/chromium's, in Lambda and locally)
 * behind its egress proxy, and fencing each run's page so every request it makes passes the
 * outbound-request guard (docs/security.md, "The audit browser").
 */
import type { Browser, CDPSession, HTTPResponse, Page, Target } from "puppeteer-core";
import puppeteer from "puppeteer-core";
import type { DomainError } from "../errors";
import { childEnv, localChromium } from "./chromium-binary";
import { type EgressProxy, startEgressProxy } from "./egress-proxy";
import {
  assertPublicUrl,
  type LookupAll,
  OUTBOUND_MESSAGES,
  OutboundBlockedError,
} from "./outbound-guard";

/**
 * Flags for every launch: no background traffic of Chromium's own, nothing to sync, and no
 * network path around the egress proxy (launchBrowser adds the proxy itself): WebRTC sends
 * no UDP the proxy does not carry (it carries none; new headless reads the first spelling,
 * the headless shell Lambda runs the second), and no QUIC, which is UDP too.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--disable-quic",
] as const;

/**
 * Every connection through the proxy: loopback too (Chromium bypasses proxies for it by
 * default), and Chromium's own resolver answers nothing, so no feature that ignored the proxy
 * could reach a host by name either.
 */
export function egressFlags(proxyUrl: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    "--proxy-bypass-list=<-loopback>",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
  ];
}

/**
 * @sparticuz/chromium's defaults include flags that turn off the web's own fences
 * (CORS, mixed content, site isolation). We load pages chosen by customers, so keep them on.
 */
const UNSAFE_LAMBDA_FLAGS = [
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
];

/** Features @sparticuz/chromium disables that are site isolation: they stay enabled. */
const ISOLATION_FEATURES = new Set(["IsolateOrigins", "site-per-process"]);

/** The flag list without the features that switch site isolation off. */
function keepSiteIsolation(args: readonly string[]): string[] {
  return args.flatMap((arg) => {
    if (!arg.startsWith("--disable-features=")) return [arg];
    const kept = arg
      .slice("--disable-features=".length)
      .split(",")
      .filter((feature) => feature && !ISOLATION_FEATURES.has(feature));
    return kept.length > 0 ? [`--disable-features=${kept.join(",")}`] : [];
  });
}

export interface ChromiumLaunchSpec {
  executablePath: string;
  args: string[];
  headless: boolean | "shell";
  /** The browser process's whole environment (puppeteer and Playwright replace, not merge). */
  env: Record<string, string>;
}

/**
 * Which binary and flags: in Lambda its packaged Chromium; elsewhere CHROMIUM_PATH, or else the
 * same @sparticuz/chromium build unpacked for this machine (chromium-binary.ts).
 */
export async function chromiumLaunchSpec(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChromiumLaunchSpec> {
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    // Loaded only in Lambda: it unpacks a ~60 MB brotli archive into /tmp on first use.
    const { default: chromium } = await import("@sparticuz/chromium");
    // --single-process stays: without it Chromium cannot start in Lambda (no PR_SET_NO_NEW_PRIVS
    // there), and with it every site shares one process whatever the flags say. What can be
    // switched back on is (docs/security.md, "The audit browser").
    const args = keepSiteIsolation(chromium.args.filter((a) => !UNSAFE_LAMBDA_FLAGS.includes(a)));
    return {
      executablePath: await chromium.executablePath(),
      args: [...new Set([...args, ...CHROMIUM_FLAGS])],
      headless: "shell",
      // Importing @sparticuz/chromium set LD_LIBRARY_PATH and FONTCONFIG_PATH for Lambda.
      env: childEnv(),
    };
  }
  const local = await localChromium(env);
  return {
    executablePath: local.executablePath,
    args: [...CHROMIUM_FLAGS],
    headless: local.headlessShell ? "shell" : true,
    env: local.env,
  };
}

const proxies = new WeakMap<Browser, EgressProxy>();

/** The egress proxy launchBrowser put this browser behind, if it did. */
export function egressProxyOf(browser: Browser): EgressProxy | undefined {
  return proxies.get(browser);
}

export interface LaunchOptions {
  /** Where to read CHROMIUM_PATH and AWS_LAMBDA_FUNCTION_NAME (tests launch Lambda's build). */
  env?: NodeJS.ProcessEnv;
  /** Flags added after ours (tests only: they win over ours where both set one). */
  extraArgs?: readonly string[];
}

/**
 * Starts a headless Chromium for audits behind its own egress proxy (egress-proxy.ts), which
 * closes with it. The caller closes the browser.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const spec = await chromiumLaunchSpec(options.env);
  const proxy = await startEgressProxy();
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: spec.executablePath,
      args: [...spec.args, ...egressFlags(proxy.url), ...(options.extraArgs ?? [])],
      headless: spec.headless,
      env: spec.env,
      // Lighthouse sets its own viewport per form factor; the SEO pass sets one too.
      defaultViewport: null,
    });
  } catch (error) {
    await proxy.close();
    throw error;
  }
  proxies.set(browser, proxy);
  browser.once("disconnected", () => void proxy.close());
  return browser;
}

interface RunContext {
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
async function openRunPage(browser: Browser): Promise<RunContext> {
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
  /**
   * Why the run must fail although its navigation was not refused: a connection the egress
   * proxy refused because it pointed at a non-public address (DNS rebinding, a WebSocket, a
   * request past the page's interceptor), or a response that did not come through the proxy.
   */
  readonly violation: DomainError | undefined;
  /** Every URL (or host:port, for the proxy) refused while the run was on, in order. */
  readonly refused: readonly string[];
  /** Throws the navigation's refusal or the run's violation, if there was one. */
  throwIfBlocked(): void;
}

export interface GuardOptions {
  /** Resolver for the guard and the proxy (tests); defaults to the OS resolver. */
  lookup?: LookupAll;
  /**
   * The proxy's own resolver, when it must differ from the guard's: tests answer the two
   * differently to play DNS rebinding. Defaults to `lookup`.
   */
  egressLookup?: LookupAll;
}

export interface AuditPage {
  page: Page;
  guard: PageGuard;
  /**
   * Ends the run: closes every page it opened (popups included) and its own, drops what it
   * left behind (cookies, storage, workers), stops intercepting and gives the proxy back.
   */
  close(): Promise<void>;
}

/** Schemes that never leave the browser. Anything else non-http(s) is refused. */
const LOCAL_SCHEMES = new Set(["data:", "blob:", "about:"]);

interface RequestPausedEvent {
  requestId: string;
  request: { url: string };
  frameId?: string;
  resourceType?: string;
}

interface TargetCreatedEvent {
  targetInfo: { targetId: string; type: string };
}

interface LoadNetworkResourceParams {
  url: string;
}

/**
 * Opens the page of one audit run behind every fence we have (docs/security.md, "The audit
 * browser"). The browser must come from launchBrowser: its egress proxy is what decides
 * which addresses a connection may reach.
 *
 * 1. The proxy lease, taken first: runs on one browser take turns, so every target created
 *    until close() belongs to this run. The proxy resolves each host once, connects only to
 *    the public address it checked, and records what it refused; a refused non-public
 *    address fails the run, whatever asked for it (sub-frame, fetch, worker, WebSocket).
 * 2. Interception on the browser target (CDP Fetch domain at browser level, not the page: a
 *    page-level interceptor never sees service-worker requests, and a worker target is
 *    already running by the time it could be attached to): navigations and each redirect
 *    hop, sub-resources and workers' requests are checked by URL before they are sent, so a
 *    refused main-frame navigation fails the run with the guard's message and other refused
 *    requests fail as "blocked by client" without failing the run.
 * 3. Lighthouse's own fetches of robots.txt and source maps use Network.loadNetworkResource,
 *    which no interceptor sees: sessions opened on this page's target check its URL first.
 * 4. Every response must have come through the proxy (its remote address is the proxy's);
 *    one that did not fails the run.
 */
export async function openAuditPage(
  browser: Browser,
  allow: readonly string[],
  opts: GuardOptions = {},
): Promise<AuditPage> {
  const proxy = egressProxyOf(browser);
  if (!proxy) {
    throw new Error("This browser has no egress proxy: launch it with launchBrowser()");
  }
  const lease = await proxy.lease({ allowHosts: allow, lookup: opts.egressLookup ?? opts.lookup });
  const refused: string[] = [];
  let blockedNavigation: DomainError | undefined;
  // The page's main frame: its id is its target's id and survives navigations.
  let mainFrameId: string | undefined;
  let bypass: DomainError | undefined;
  // One verdict per scheme+host+port for the run: a run lasts seconds, and asking DNS for
  // every sub-resource would slow down the page we are measuring.
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

  // Everything from here on is undone by close(), in reverse, whatever fails part-way.
  const undo: (() => Promise<unknown>)[] = [async () => lease.release()];
  const closeAll = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined);
  };

  try {
    const fence = await browser.target().createCDPSession();
    undo.push(() => fence.detach());

    // Targets created from now on are this run's (pages, popups, their workers).
    const created: string[] = [];
    fence.on("Target.targetCreated", (event: TargetCreatedEvent) => {
      if (event.targetInfo.type === "page") created.push(event.targetInfo.targetId);
    });
    await fence.send("Target.setDiscoverTargets", { discover: true });

    fence.on("Fetch.requestPaused", async (event: RequestPausedEvent) => {
      const error = await verdict(event.request.url);
      if (!error) {
        await fence.send("Fetch.continueRequest", { requestId: event.requestId }).catch(() => {});
        return;
      }
      refused.push(event.request.url);
      if (
        !blockedNavigation &&
        event.resourceType === "Document" &&
        event.frameId === mainFrameId
      ) {
        blockedNavigation = error;
      }
      await fence
        .send("Fetch.failRequest", { requestId: event.requestId, errorReason: "BlockedByClient" })
        .catch(() => {});
    });
    await fence.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] });
    undo.push(() => fence.send("Fetch.disable"));

    const run = await openRunPage(browser);
    const { page } = run;
    undo.push(async () => {
      // Popups and windows the page opened first, then the page and its context.
      for (const targetId of created) {
        if (targetId === mainFrameId) continue;
        await fence.send("Target.closeTarget", { targetId }).catch(() => undefined);
      }
      await run.close();
    });

    const probe = await page.createCDPSession();
    const { frameTree } = await probe.send("Page.getFrameTree");
    await probe.detach();
    mainFrameId = frameTree.frame.id;

    // Whatever answers must have come through the proxy: its address is the proxy's.
    const onResponse = (response: HTTPResponse): void => {
      const { ip, port } = response.remoteAddress();
      if (!ip || response.fromCache() || response.fromServiceWorker()) return;
      if (ip === "127.0.0.1" && port === proxy.port) return;
      refused.push(response.url());
      bypass ??= new OutboundBlockedError(OUTBOUND_MESSAGES.notPublic);
    };
    page.on("response", onResponse);
    undo.push(async () => page.off("response", onResponse));

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
              resource: {
                success: false,
                netError: -20,
                netErrorName: "net::ERR_BLOCKED_BY_CLIENT",
              },
            };
          }
        }
        return send(method, params);
      };
      session.send = guardedSend as CDPSession["send"];
      return session;
    };
    undo.push(async () => {
      if (ownCreate) target.createCDPSession = originalCreate;
      else delete (target as Partial<Target>).createCDPSession;
    });

    const violation = (): DomainError | undefined => {
      if (bypass) return bypass;
      const refusal = lease.refusals.find((r) => r.reason === "not-public");
      return refusal ? new OutboundBlockedError(OUTBOUND_MESSAGES.notPublic) : undefined;
    };
    const guard: PageGuard = {
      get blockedNavigation() {
        return blockedNavigation;
      },
      get violation() {
        return violation();
      },
      get refused() {
        const byProxy = lease.refusals
          .filter((r) => r.reason === "not-public")
          .map((r) => `${r.host}:${r.port}`);
        return [...refused, ...byProxy];
      },
      throwIfBlocked() {
        const error = blockedNavigation ?? violation();
        if (error) throw error;
      },
    };
    return { page, guard, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
