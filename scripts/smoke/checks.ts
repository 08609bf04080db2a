/**
 * `npm run smoke`: a deployed stage seen from outside, one line per check (docs/operations.md
 * "First deploy", step 7). Each check is one request and what a working deploy answers to it.
 */
import type { CheckLine } from "../preflight/report";

export interface SmokeTargets {
  /** The portal's public origin: the SiteUrl output or the custom domain. */
  siteUrl: string;
  /** The HTTP API's own address (the ApiUrl output), which only CloudFront may use. */
  apiUrl?: string;
  /** The Stripe webhook's Function URL (the StripeWebhookUrl output). */
  stripeWebhookUrl?: string;
  /**
   * The test account, signed in (main.ts: through Clerk's sign-in token flow,
   * clerk-sign-in.ts): without it the signed-in checks fail, naming the settings.
   */
  signedIn?: SignedInAccount;
  /** How long the queued screenshot may take to be done (default 3 minutes). */
  screenshotDeadlineMs?: number;
}

export interface SignedInAccount {
  /** A session token of the account, fresh for each request. */
  token(): Promise<string>;
  /** Ends the session (revokes it). */
  end(): Promise<void>;
}

/** A route every deploy has, signed-in only: what an anonymous call to it must be refused. */
const SIGNED_IN_ROUTE = "/api/auth/user";
const TIMEOUT_MS = 15_000;

interface Answer {
  status: number;
  type: string;
  body: string;
}

async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

function joinUrl(base: string, path: string) {
  return `${base.replace(/\/+$/, "")}${path}`;
}

function shown(answer: Answer) {
  return `${answer.status} ${answer.type || "(no content-type)"}`;
}

interface SmokeCheck {
  name: string;
  /** What it found, or what is wrong. */
  run(targets: SmokeTargets): Promise<{ ok: boolean; message: string }>;
}

const checks: SmokeCheck[] = [
  {
    name: "SPA",
    async run({ siteUrl }) {
      const answer = await request(joinUrl(siteUrl, "/"));
      const ok = answer.status === 200 && /text\/html/.test(answer.type);
      // The SPA's shell, or a pre-rendered public page (`<div id="root" data-prerendered>`).
      const root = /<div id="root"[\s>]/.test(answer.body);
      if (ok && root) return { ok: true, message: `${siteUrl} serves the app's root element` };
      return {
        ok: false,
        message: `${siteUrl} answers ${shown(answer)}${ok ? " without the app's root element" : ""}: is the distribution serving packages/web/dist?`,
      };
    },
  },
  {
    name: "API Gateway refuses direct calls",
    async run({ apiUrl }) {
      if (!apiUrl) return { ok: false, message: "no API URL: pass --api-url or --stage" };
      const answer = await request(joinUrl(apiUrl, SIGNED_IN_ROUTE));
      if (answer.status === 403) {
        return { ok: true, message: "403 without CloudFront's origin header" };
      }
      return {
        ok: false,
        message: `${apiUrl} answers ${shown(answer)} without CloudFront's origin header, not 403: the API is reachable around the distribution (docs/access.md)`,
      };
    },
  },
  {
    name: "API through the site",
    async run({ siteUrl }) {
      const url = joinUrl(siteUrl, SIGNED_IN_ROUTE);
      const answer = await request(url);
      let json = false;
      try {
        JSON.parse(answer.body);
        json = /application\/json/.test(answer.type);
      } catch {}
      if (answer.status === 401 && json)
        return { ok: true, message: "a JSON 401 for an anonymous call" };
      const hint =
        answer.status === 403
          ? ": the API refuses the distribution's origin header (is the secret the same on both?)"
          : "";
      return {
        ok: false,
        message: `${url} answers ${shown(answer)}, not a JSON 401${hint}`,
      };
    },
  },
  {
    name: "collect.js",
    async run({ siteUrl }) {
      const url = joinUrl(siteUrl, "/api/collect.js");
      const answer = await request(url);
      if (answer.status === 200 && /javascript/.test(answer.type)) {
        return { ok: true, message: `served as ${answer.type}` };
      }
      return { ok: false, message: `${url} answers ${shown(answer)}, not JavaScript` };
    },
  },
  {
    name: "Stripe webhook refuses unsigned deliveries",
    async run({ stripeWebhookUrl }) {
      if (!stripeWebhookUrl) {
        return { ok: false, message: "no webhook URL: pass --stripe-webhook-url or --stage" };
      }
      const answer = await request(stripeWebhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id: "evt_smoke", object: "event", type: "invoice.paid" }),
      });
      // Refused for the signature: not accepted, not a missing route, not a crash.
      if (answer.status >= 400 && answer.status < 500 && ![404, 405].includes(answer.status)) {
        return { ok: true, message: `${answer.status} for a delivery without a signature` };
      }
      const why =
        answer.status < 400
          ? "it accepted an unsigned delivery"
          : answer.status >= 500
            ? "the function fails (is STRIPE_WEBHOOK_SECRET set?)"
            : "no webhook at that URL";
      return { ok: false, message: `${stripeWebhookUrl} answers ${shown(answer)}: ${why}` };
    },
  },
];

async function signedInCall(
  targets: SmokeTargets,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  if (!targets.signedIn) throw new Error("not signed in");
  return request(joinUrl(targets.siteUrl, path), {
    method,
    headers: {
      authorization: `Bearer ${await targets.signedIn.token()}`,
      ...(body === undefined
        ? {}
        : { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const NOT_SIGNED_IN =
  'no test account: set SMOKE_CLERK_USER_ID (a user of the Clerk instance, with a paid plan) and CLERK_SECRET_KEY (README "Deploy" step 3)';

/** What a signed-in customer does first, through the distribution as the SPA does it. */
const signedInChecks: SmokeCheck[] = [
  {
    name: "signed in: current user",
    async run(targets) {
      if (!targets.signedIn) return { ok: false, message: NOT_SIGNED_IN };
      const answer = await signedInCall(targets, "GET", SIGNED_IN_ROUTE);
      const user = answer.status === 200 ? (JSON.parse(answer.body) as { id?: string }) : {};
      if (user.id)
        return { ok: true, message: `${SIGNED_IN_ROUTE} answers the account ${user.id}` };
      const hint =
        answer.status === 401
          ? ': the API refuses the session token (its aud against CLERK_AUDIENCE, its azp against APP_URL: preflight\'s "Clerk session token" line; docs/operations.md "Signed-in calls answer 401")'
          : "";
      return { ok: false, message: `${SIGNED_IN_ROUTE} answers ${shown(answer)}${hint}` };
    },
  },
  {
    name: "signed in: a ticket written and read back",
    async run(targets) {
      if (!targets.signedIn) return { ok: false, message: NOT_SIGNED_IN };
      const title = `Smoke test ${new Date().toISOString()}`;
      const created = await signedInCall(targets, "POST", "/api/tickets", {
        title,
        description: "Written by npm run smoke; nothing to do.",
        category: "general",
        priority: "low",
      });
      if (created.status !== 201) {
        const hint =
          created.status === 403 ? ": the test account needs a paid plan (a subscription)" : "";
        return { ok: false, message: `POST /api/tickets answers ${shown(created)}${hint}` };
      }
      const { id } = JSON.parse(created.body) as { id: string };
      const read = await signedInCall(targets, "GET", `/api/tickets/${encodeURIComponent(id)}`);
      const thread =
        read.status === 200 ? (JSON.parse(read.body) as { ticket?: { title?: string } }) : {};
      if (thread.ticket?.title === title)
        return { ok: true, message: `ticket ${id} stored and read back` };
      return {
        ok: false,
        message: `GET /api/tickets/${id} answers ${shown(read)}${read.status === 200 ? " without the ticket written" : ""}`,
      };
    },
  },
];

interface SiteRow {
  id: string;
  url: string | null;
  liveUrl: string | null;
  lastScreenshotUpdate: string | null;
}

const SCREENSHOT_DEADLINE_MS = 180_000;
const POLL_MS = 2_000;
/** Where to look when the queued screenshot is not done (docs/operations.md, The alarms). */
const SCREENSHOT_RUNBOOK =
  'docs/operations.md "A dead-letter queue is not empty" (the Jobs queue) and "Failed invocations of a function group" (jobs)';

async function sites(targets: SmokeTargets): Promise<{ answer: Answer; rows?: SiteRow[] }> {
  const answer = await signedInCall(targets, "GET", "/api/sites");
  return {
    answer,
    rows: answer.status === 200 ? (JSON.parse(answer.body) as SiteRow[]) : undefined,
  };
}

/** A customer's "refresh preview", then the site list read until the preview is newer. */
const screenshotCheck: SmokeCheck = {
  name: "signed in: a screenshot queued and done",
  async run(targets) {
    if (!targets.signedIn) return { ok: false, message: NOT_SIGNED_IN };
    const before = await sites(targets);
    if (!before.rows)
      return { ok: false, message: `GET /api/sites answers ${shown(before.answer)}` };
    const site = before.rows.find((row) => row.liveUrl || row.url);
    if (!site) {
      return {
        ok: false,
        message:
          'the test account has no site with an address: give it one (README "Deploy" step 3)',
      };
    }
    const path = `/api/sites/${encodeURIComponent(site.id)}/screenshot`;
    const queued = await signedInCall(targets, "POST", path);
    if (queued.status !== 200) {
      const hint = queued.status === 429 ? ": the account's screenshot limit; run again later" : "";
      return { ok: false, message: `POST ${path} answers ${shown(queued)}${hint}` };
    }
    const deadlineMs = targets.screenshotDeadlineMs ?? SCREENSHOT_DEADLINE_MS;
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const now = await sites(targets);
      const row = now.rows?.find((r) => r.id === site.id);
      if (row?.lastScreenshotUpdate && row.lastScreenshotUpdate !== site.lastScreenshotUpdate) {
        return {
          ok: true,
          message: `site ${site.id}'s screenshot taken at ${row.lastScreenshotUpdate}`,
        };
      }
      if (Date.now() + POLL_MS > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadlineMs)));
    }
    return {
      ok: false,
      message: `site ${site.id}'s screenshot not done within ${Math.round(deadlineMs / 1000)} s: the jobs worker did not take it (${SCREENSHOT_RUNBOOK})`,
    };
  },
};

export async function runSmoke(targets: SmokeTargets): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  try {
    await runChecks([...checks, ...signedInChecks, screenshotCheck], targets, lines);
  } finally {
    // Cleanup: the session ends whatever happened.
    await targets.signedIn?.end().catch(() => {});
  }
  return lines;
}

async function runChecks(list: SmokeCheck[], targets: SmokeTargets, lines: CheckLine[]) {
  for (const check of list) {
    try {
      const result = await check.run(targets);
      lines.push({ name: check.name, status: result.ok ? "ok" : "fail", message: result.message });
    } catch (error) {
      const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      lines.push({ name: check.name, status: "fail", message: `no answer (${cause})` });
    }
  }
}
