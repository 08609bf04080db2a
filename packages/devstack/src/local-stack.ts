/**
 * The local stack: every production part's stand-in behind one HTTP origin, running the real
 * handlers. `npm start` runs it through main.ts; tests and the benchmark start it in process.
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import type { DeletionRunResult as SiteDeletionsResult } from "@portal/core/billing/sites-deletion-job";
import type { TenantsCheck } from "@portal/core/hosting/custom-domains";
import type { MonthlyRunResult } from "@portal/core/reports/job";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import {
  customDomainsWorkerHandler,
  monthlyReportsWorkerHandler,
  routes,
  siteDeletionsWorkerHandler,
  stripeWebhookHandler,
  uptimeWorkerHandler,
} from "@portal/functions/routes";
import { createApiGateway } from "./api-gateway";
import { LOCAL_REGION, localCredentials } from "./aws";
import { browserFunctionService } from "./browser-process";
import { cloudFrontTenantsService } from "./cloudfront-tenants";
import { hostedSitesService, LOCAL_SITES_DOMAIN } from "./hosted-sites";
import { errorJson, PayloadTooLarge, readBody, sendJson } from "./http-io";
import { buildHttpEvent, writeHttpResult } from "./lambda-events";
import { createHandlerLoader, repoRoot } from "./lambda-runtime";
import { APP_NAME, localTableName, STAGE } from "./local-names";
import type { StoredMail } from "./mail";
import { close, hostForUrl, listen } from "./net";
import type { DeadLetter, QueueState } from "./queue";
import {
  analyticsSecretService,
  devIdentityService,
  dynamoService,
  jobsQueueService,
  type LocalService,
  type Mount,
  mailService,
  type RunningService,
  s3Service,
  stripeSecretsService,
} from "./services";
import { createStaticSite } from "./static-site";
import { stripeEmulatorService } from "./stripe/service";

export interface LocalStackOptions {
  /** 0 = a free port. */
  port?: number;
  host?: string;
  /** Omitted: a fresh temporary folder, removed on stop. */
  dataDir?: string;
  webDist?: string;
  /** Hosts outbound fetches (screenshots, audits) may reach: OUTBOUND_ALLOW_HOSTS. */
  allowOutboundHosts?: string[];
  /**
   * Custom-domain settings: the resolver verification asks ("ip" or "ip:port"; empty = the
   * system's), and the CNAME / A targets customers are told to create. Defaults are local
   * stand-ins: a .localhost alias and a documentation address (RFC 5737).
   */
  dns?: { resolver?: string; cnameTarget?: string; aRecord?: string; claimTtlDays?: string };
  /** The per-request JSON log line; tests and the benchmark turn it off. Default true. */
  logRequests?: boolean;
  /**
   * Short timeouts let tests watch retries happen. Defaults: 30 s and 3, as in SQS; the
   * page-views batching window defaults to production's (docs/analytics.md "Write path"); a
   * DelaySeconds second lasts 1000 ms (tests shrink a webhook's backoff with msPerDelaySecond).
   */
  queue?: {
    visibilityTimeoutMs?: number;
    maxReceiveCount?: number;
    pageViewsBatchWindowMs?: number;
    msPerDelaySecond?: number;
  };
  /**
   * How often the uptime checks run (the EventBridge rule's stand-in, docs/monitoring.md);
   * 0 or omitted = never on a timer (tests run them with `uptime.run()`).
   */
  uptimeIntervalMs?: number;
  /**
   * How often sites past their grace period are deleted (hourly on AWS, docs/billing.md);
   * 0 or omitted = never on a timer (tests run it with `siteDeletions.run(now)`).
   */
  siteDeletionsIntervalMs?: number;
  /** How often custom domains' certificates are checked; 0 or omitted = never on a timer. */
  certificateChecksIntervalMs?: number;
  /**
   * How often the monthly report run is started (hourly on the first of the month on AWS,
   * docs/reports.md); a run finds a month already done and does nothing. 0 or omitted = never
   * on a timer (tests run it with `monthlyReports.run({ month })`).
   */
  monthlyReportsIntervalMs?: number;
  /** Days suspended sites are kept after a subscription ends (SITE_GRACE_PERIOD_DAYS; default 7). */
  gracePeriodDays?: string;
}

export interface LocalStack {
  url: string;
  /** Where the services keep their state (a temporary folder unless one was given). */
  dataDir: string;
  /** The env vars the handlers run with (also set on this process). */
  env: Record<string, string>;
  /** The jobs queue: what waits, what runs and what was dead-lettered. */
  queue: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /** The domain events queue (notifications), likewise. */
  events: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /** The outgoing webhook deliveries queue (docs/developer-api.md), likewise. */
  webhooks: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /** Data exports and account deletions (docs/privacy.md), likewise. */
  privacyJobs: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /** Hosted sites' deployments (docs/hosting.md), likewise. */
  deployments: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /** The development identity provider's signed webhooks: waits until all are delivered. */
  identity: { webhooksIdle(): Promise<void> };
  /** The accepted page views, waiting for the page-views consumer, likewise. */
  pageViews: { state(): QueueState; deadLetters(): DeadLetter[]; idle(): Promise<void> };
  /**
   * The browser function's process, once the jobs worker first invoked it through the Lambda
   * Invoke stand-in; its environment holds no credential (docs/security.md, "The audit browser").
   */
  browser: { pid(): number | undefined };
  /** Every mail the product sent through the SES stand-in, as its SMTP inbox keeps it. */
  mail: { messages(): StoredMail[] };
  /** The scheduled uptime job: the same handler the production rule invokes, run now. */
  uptime: { run(): Promise<unknown> };
  /**
   * The scheduled deletion of sites past their grace period, run now; `now` drives time
   * forward (an ISO time or Date), so tests need not wait a week.
   */
  siteDeletions: { run(now?: Date): Promise<SiteDeletionsResult> };
  /** Custom domains' certificates and tenants (docs/hosting.md "Custom domains over HTTPS"). */
  certificateChecks: { run(now?: Date): Promise<TenantsCheck> };
  /**
   * The monthly report run, now: the month before today unless `month` is given; `fromStart`
   * goes through every site again even when the month is done.
   */
  monthlyReports: {
    run(options?: {
      month?: string;
      fromStart?: boolean;
      maxSites?: number;
    }): Promise<MonthlyRunResult>;
  };
  stop(): Promise<void>;
}

export { APP_NAME, STAGE } from "./local-names";

// Handlers read their env once, when first imported (sst/node does so at import time), so a
// process can host one running stack; a second one would meet handlers wired to the first.
let running = false;

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  if (running) throw new Error("A local stack is already running in this process");
  const host = options.host ?? "127.0.0.1";
  const ephemeral = !options.dataDir;
  const dataDir = options.dataDir
    ? path.resolve(options.dataDir)
    : await mkdtemp(path.join(os.tmpdir(), "portal-local-"));
  await mkdir(dataDir, { recursive: true });

  const loader = createHandlerLoader();
  // The secret CloudFront adds on AWS: the handlers refuse API requests without it.
  const originSecret = randomBytes(24).toString("base64url");
  const api = createApiGateway(routes, loader, { [ORIGIN_VERIFY_HEADER]: originSecret });
  const site = createStaticSite(options.webDist ?? path.join(repoRoot, "packages/web/dist"));
  const mounts: Mount[] = [];
  const started: RunningService[] = [];
  const server = createServer((req, res) => void route(req, res));
  const hostedSites = hostedSitesService();

  // Requests that arrive while the services start wait for them rather than fail.
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    try {
      await ready;
      // The customers' sites, by Host, whatever the path (docs/hosting.md "Locally").
      if (hostedSites.isSiteHost(req)) return await hostedSites.serve(req, res);
      const url = new URL(req.url ?? "/", "http://local");
      const urlPath = url.pathname;
      if (urlPath === "/api" || urlPath.startsWith("/api/")) {
        return await api(req, res, url, await readBody(req));
      }
      if (urlPath === "/webhooks/stripe") {
        if (req.method !== "POST")
          return sendJson(res, 405, errorJson("method_not_allowed", "Use POST"));
        return await invokeFunctionUrl(req, res, await readBody(req, 6 * 1024 * 1024));
      }
      // The longest prefix wins: /__devstack/mail before /__devstack.
      const mount = mounts
        .filter((m) => urlPath === m.prefix || urlPath.startsWith(`${m.prefix}/`))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
      if (mount) {
        // The stack's own controls; the Stripe emulator's pages (/__stripe) take form posts.
        const refused = mount.prefix.startsWith("/__devstack")
          ? controlRefusal(req, mount)
          : undefined;
        if (refused) return sendJson(res, 403, errorJson("forbidden", refused));
        return await mount.handle(
          req,
          res,
          urlPath.slice(mount.prefix.length) || "/",
          await readBody(req),
        );
      }
      return await site(req, res, urlPath);
    } catch (error) {
      if (error instanceof PayloadTooLarge) {
        return sendJson(res, 413, errorJson("payload_too_large", "Request body is too large"));
      }
      // What AWS would answer for a handler that crashed: a 500 without details.
      console.error(error);
      if (!res.headersSent) sendJson(res, 500, errorJson("internal", "Internal server error"));
      else res.destroy();
    }
  }

  /** The Stripe webhook's Function URL: the raw body reaches the handler untouched. */
  async function invokeFunctionUrl(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const event = buildHttpEvent(req, body, { routeKey: "$default", apiId: "stripewebhook" });
    writeHttpResult(res, await loader.invoke(stripeWebhookHandler, event));
  }

  const jobs = jobsQueueService(options.queue ?? {});
  const mail = mailService();
  const browser = browserFunctionService();
  const devIdentity = devIdentityService();
  const services: LocalService[] = [
    dynamoService,
    s3Service,
    jobs,
    devIdentity,
    stripeSecretsService,
    analyticsSecretService,
    mail,
    // After stripeSecretsService: it signs webhooks and checks API keys with those secrets.
    stripeEmulatorService(),
    browser,
    hostedSites,
    // Custom domains' tenants and certificates (docs/hosting.md "Custom domains over HTTPS").
    cloudFrontTenantsService(),
  ];

  let stopping: Promise<void> | undefined;
  function stopAll() {
    stopping ??= stopServices();
    return stopping;
  }
  // The EventBridge rules' stand-ins: a handler invoked on a timer, as the rule would.
  const timers: NodeJS.Timeout[] = [];
  function every(intervalMs: number | undefined, name: string, run: () => Promise<unknown>) {
    if (!intervalMs || intervalMs <= 0) return;
    const timer = setInterval(() => {
      run().catch((error) => console.error(`${name} failed`, error));
    }, intervalMs);
    timer.unref();
    timers.push(timer);
  }
  async function stopServices() {
    for (const timer of timers) clearInterval(timer);
    await close(server);
    for (const service of started.reverse()) await service.stop?.();
    if (ephemeral) await rm(dataDir, { recursive: true, force: true });
    running = false;
  }

  running = true;
  try {
    const port = await listen(server, options.port ?? 3000, host);
    const url = `http://${hostForUrl(host)}:${port}`;
    const origins = [url, ...(host === "127.0.0.1" ? [`http://localhost:${port}`] : [])];
    const context = {
      host,
      dataDir,
      ephemeral,
      origins,
      loader,
      names: {
        table: localTableName,
        bucket: `${STAGE}-${APP_NAME}-screenshots`,
        queue: `${STAGE}-${APP_NAME}-Jobs`,
        events: `${STAGE}-${APP_NAME}-Events`,
        webhooks: `${STAGE}-${APP_NAME}-WebhookDeliveries`,
        pageViews: `${STAGE}-${APP_NAME}-PageViews`,
        browser: `${STAGE}-${APP_NAME}-Browser`,
        privacyJobs: `${STAGE}-${APP_NAME}-PrivacyJobs`,
        hosting: `${STAGE}-${APP_NAME}-hosting`,
        deployments: `${STAGE}-${APP_NAME}-Deployments`,
      },
    };
    const env: Record<string, string> = {
      SST_APP: APP_NAME,
      SST_STAGE: STAGE,
      SST_REGION: LOCAL_REGION,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      SST_Parameter_value_APP_URL: url,
      // The sites this stack hosts (docs/hosting.md, "Locally") are public in production: the
      // review's screenshot and the go-live measurements may visit them here too.
      SST_Parameter_value_OUTBOUND_ALLOW_HOSTS: [
        ...(options.allowOutboundHosts ?? []),
        `*.${LOCAL_SITES_DOMAIN}:${port}`,
      ].join(","),
      SST_Parameter_value_DNS_RESOLVER: options.dns?.resolver ?? "",
      SST_Parameter_value_DOMAIN_CNAME_TARGET: options.dns?.cnameTarget || "sites.portal.localhost",
      SST_Parameter_value_DOMAIN_A_RECORD: options.dns?.aRecord || "192.0.2.1",
      // Empty: the default (docs/domains.md).
      SST_Parameter_value_DOMAIN_CLAIM_TTL_DAYS: options.dns?.claimTtlDays ?? "",
      SST_Parameter_value_SITE_GRACE_PERIOD_DAYS: options.gracePeriodDays ?? "",
      [ORIGIN_VERIFY_ENV]: originSecret,
      LOG_REQUESTS: options.logRequests === false ? "false" : "true",
      // Every success answer is parsed with its route's contract before it is sent: a handler
      // that strays from it fails here, in development and in the tests, never in production
      // (docs/architecture.md "One contract per route").
      API_CHECK_ANSWERS: "true",
    };
    for (const service of services) {
      const result = await service.start(context);
      started.push(result);
      Object.assign(env, result.env);
      if (result.mount) mounts.push(result.mount);
    }
    // Before any handler module is imported: they read these once, at import.
    Object.assign(process.env, env);
    markReady();
    jobs.resume();

    const queue = jobs.queue();
    const events = jobs.events();
    const webhooks = jobs.webhooks();
    const pageViews = jobs.pageViews();
    const privacyJobs = jobs.privacyJobs();
    const deployments = jobs.deployments();
    const runUptime = () => loader.invoke(uptimeWorkerHandler, { source: "aws.events" });
    const runSiteDeletions = (now?: Date) =>
      loader.invoke(siteDeletionsWorkerHandler, {
        source: "aws.events",
        ...(now ? { now: now.toISOString() } : {}),
      }) as Promise<SiteDeletionsResult>;
    every(options.uptimeIntervalMs, "uptime checks", runUptime);
    every(options.siteDeletionsIntervalMs, "site deletions", () => runSiteDeletions());
    const runCertificateChecks = (now?: Date) =>
      loader.invoke(customDomainsWorkerHandler, {
        source: "aws.events",
        ...(now ? { now: now.toISOString() } : {}),
      }) as Promise<TenantsCheck>;
    every(options.certificateChecksIntervalMs, "certificate checks", () => runCertificateChecks());
    const runMonthlyReports = (
      run: { month?: string; fromStart?: boolean; maxSites?: number } = {},
    ) =>
      loader.invoke(monthlyReportsWorkerHandler, {
        source: "aws.events",
        ...run,
      }) as Promise<MonthlyRunResult>;
    every(options.monthlyReportsIntervalMs, "monthly reports", () => runMonthlyReports());
    return {
      url,
      dataDir,
      env,
      queue: {
        state: () => queue.state(),
        deadLetters: () => queue.deadLetters(),
        idle: () => queue.idle(),
      },
      events: {
        state: () => events.state(),
        deadLetters: () => events.deadLetters(),
        idle: () => events.idle(),
      },
      webhooks: {
        state: () => webhooks.state(),
        deadLetters: () => webhooks.deadLetters(),
        idle: () => webhooks.idle(),
      },
      pageViews: {
        state: () => pageViews.state(),
        deadLetters: () => pageViews.deadLetters(),
        idle: () => pageViews.idle(),
      },
      browser: { pid: () => browser.pid() },
      privacyJobs: {
        state: () => privacyJobs.state(),
        deadLetters: () => privacyJobs.deadLetters(),
        idle: () => privacyJobs.idle(),
      },
      deployments: {
        state: () => deployments.state(),
        deadLetters: () => deployments.deadLetters(),
        idle: () => deployments.idle(),
      },
      identity: { webhooksIdle: () => devIdentity.webhooksIdle() },
      mail: { messages: () => mail.mail().messages() },
      uptime: { run: runUptime },
      siteDeletions: { run: runSiteDeletions },
      certificateChecks: { run: runCertificateChecks },
      monthlyReports: { run: runMonthlyReports },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch(() => {});
    throw error;
  }
}

/** Host names that reach only this machine: the stack's controls answer no other. */
function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Why a request to the stack's own controls (/__devstack/*: faults, the mail viewer, the
 * queues; docs/development.md) is refused, or undefined. Any web page the developer opens could
 * otherwise post to them (a form or a no-cors fetch needs no permission) or, through a domain
 * that resolves to 127.0.0.1, read them:
 * - the Host must be a loopback name (a rebound domain keeps its own name in Host);
 * - a change (any method but GET and HEAD) sent by a browser carries an Origin, which must be
 *   the stack's own; and a change with a body must say it is JSON, which a cross-site page
 *   cannot send without a preflight the stack never answers.
 */
export function controlRefusal(
  req: IncomingMessage,
  mount?: Pick<Mount, "signedRequests">,
): string | undefined {
  const host = req.headers.host;
  if (!isLoopbackHost(host)) return "The stack's controls answer on a loopback host only";
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) {
    return "The stack's controls take changes from their own origin only";
  }
  const hasBody =
    Number(req.headers["content-length"] ?? 0) > 0 ||
    req.headers["transfer-encoding"] !== undefined;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  // An AWS API stand-in that speaks XML (the CloudFront one) takes what the SDK signs: a
  // cross-site page cannot set an Authorization header without a preflight either.
  const signed = /^AWS4-HMAC-SHA256 /.test(String(req.headers.authorization ?? ""));
  if (hasBody && type !== "application/json" && !(mount?.signedRequests && signed)) {
    return "The stack's controls take JSON bodies only";
  }
  return undefined;
}
