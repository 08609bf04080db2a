/**
 * `npm run smoke`: a deployed stage seen from outside, one line per check (docs/operations.md
 * "First deploy", step 7). Each check is one request and what a working deploy answers to it.
 */
import type { StaffMailRecord } from "@portal/core/contracts/staff";
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
  /**
   * The staff test user, signed in the same way (SMOKE_STAFF_CLERK_USER_ID): closes the smoke
   * ticket, which mails the account, and reads the console's record of that mail.
   */
  staff?: SignedInAccount;
  /** How long the queued screenshot may take to be done (default 3 minutes). */
  screenshotDeadlineMs?: number;
  /** How long the close's mail may take to be accepted (default 2 minutes). */
  mailDeadlineMs?: number;
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

/** What a step learned that a later one needs: whose account, which ticket, when it closed. */
interface SmokeRun {
  /** The test account's person and the account it acts in (GET /api/auth/user). */
  personId?: string;
  accountId?: string;
  ticketId?: string;
  /** The closed ticket's updatedAt: the server's clock, as the mail records' createdAt. */
  closedAt?: string;
}

type CheckResult = { ok: boolean; message: string };

interface SmokeCheck {
  name: string;
  /** What it found, or what is wrong. */
  run(targets: SmokeTargets, run: SmokeRun): Promise<CheckResult>;
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
  as: SignedInAccount | undefined = targets.signedIn,
): Promise<Answer> {
  if (!as) throw new Error("not signed in");
  return request(joinUrl(targets.siteUrl, path), {
    method,
    headers: {
      authorization: `Bearer ${await as.token()}`,
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
    async run(targets, run) {
      if (!targets.signedIn) return { ok: false, message: NOT_SIGNED_IN };
      const answer = await signedInCall(targets, "GET", SIGNED_IN_ROUTE);
      const user =
        answer.status === 200
          ? (JSON.parse(answer.body) as { id?: string; accountId?: string })
          : {};
      if (user.id) {
        run.personId = user.id;
        run.accountId = user.accountId ?? user.id;
        return { ok: true, message: `${SIGNED_IN_ROUTE} answers the account ${user.id}` };
      }
      const hint =
        answer.status === 401
          ? ': the API refuses the session token (its aud against CLERK_AUDIENCE, its azp against APP_URL: preflight\'s "Clerk session token" line; docs/operations.md "Signed-in calls answer 401")'
          : "";
      return { ok: false, message: `${SIGNED_IN_ROUTE} answers ${shown(answer)}${hint}` };
    },
  },
  {
    name: "signed in: a ticket written and read back",
    async run(targets, run) {
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
      run.ticketId = id;
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

const NOT_STAFF =
  'no staff test account: set SMOKE_STAFF_CLERK_USER_ID (a user of the Clerk instance with publicMetadata.role = "staff") and CLERK_SECRET_KEY (README "Deploy" step 3)';
const POLL_MS = 2_000;
const MAIL_DEADLINE_MS = 120_000;

/** Calls `attempt` every 2 s until it answers; undefined once the deadline would pass first. */
async function pollUntil<T>(
  deadlineMs: number,
  attempt: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() + POLL_MS > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadlineMs)));
  }
}

/** Where to look when the close's mail is not recorded (docs/operations.md, The alarms). */
const MAIL_QUEUE_RUNBOOK =
  'docs/operations.md "A dead-letter queue is not empty" (EventsDeadLetters) and "Failed invocations of a function group" (QueueConsumers)';

/** The staff console's path of the smoke ticket, or of the account's mail. */
const staffPath = (accountId: string, rest: string) =>
  `/api/staff/customers/${encodeURIComponent(accountId)}${rest}`;

/**
 * What the team does with a finished ticket, done by the staff test user: the cleanup (smoke
 * tickets do not stay open) and the event whose mail the next step waits for.
 */
const closeTicketCheck: SmokeCheck = {
  name: "staff: the smoke ticket closed",
  async run(targets, run) {
    if (!targets.staff) return { ok: false, message: NOT_STAFF };
    if (!run.accountId || !run.ticketId) {
      return { ok: false, message: "no smoke ticket to close: the steps above did not write one" };
    }
    const path = staffPath(run.accountId, `/tickets/${encodeURIComponent(run.ticketId)}`);
    const closed = await signedInCall(targets, "PATCH", path, { status: "closed" }, targets.staff);
    const ticket =
      closed.status === 200
        ? (JSON.parse(closed.body) as { status?: string; updatedAt?: string })
        : {};
    if (ticket.status === "closed" && ticket.updatedAt) {
      run.closedAt = ticket.updatedAt;
      return { ok: true, message: `ticket ${run.ticketId} closed by the staff test user` };
    }
    const hint =
      closed.status === 403
        ? ': the staff test user\'s session token has no role "staff" (publicMetadata.role = "staff" in Clerk, and the role claim in the session token: docs/operations.md "First deploy")'
        : closed.status === 401
          ? ": the API refuses the staff test user's session token (as for the customer: CLERK_AUDIENCE, APP_URL)"
          : "";
    return { ok: false, message: `PATCH ${path} answers ${shown(closed)}${hint}` };
  },
};

/**
 * The close's mail to the test account, as the console records it (GET …/mail): read every 2 s
 * until SES accepted it, it was refused or skipped, or the deadline passed.
 */
const mailCheck: SmokeCheck = {
  name: "signed in: a mail sent and accepted",
  async run(targets, run) {
    if (!targets.staff) return { ok: false, message: NOT_STAFF };
    const { accountId, closedAt } = run;
    if (!accountId || !closedAt) {
      return { ok: false, message: "no ticket closed, so no mail to wait for (the step above)" };
    }
    const path = staffPath(accountId, "/mail");
    const deadlineMs = targets.mailDeadlineMs ?? MAIL_DEADLINE_MS;
    const result = await pollUntil(deadlineMs, async (): Promise<CheckResult | undefined> => {
      const answer = await signedInCall(targets, "GET", path, undefined, targets.staff);
      if (answer.status !== 200) {
        return { ok: false, message: `GET ${path} answers ${shown(answer)}` };
      }
      const { items } = JSON.parse(answer.body) as { items: StaffMailRecord[] };
      const mail = items.find(
        (item) =>
          item.eventType === "ticket.status_changed" &&
          item.createdAt >= closedAt &&
          (!run.personId || item.recipient.id === run.personId),
      );
      if (mail?.state === "sent") {
        return {
          ok: true,
          message: `the close's mail to ${mail.recipient.name} accepted by SES (message id ${mail.messageId})`,
        };
      }
      if (mail?.state === "rejected") {
        return {
          ok: false,
          message: `SES refused the close's mail (${mail.reason}): in SES's sandbox mail to an unverified address is refused; request production access (README "Deploy" step 3; docs/operations.md "Mail rejected by SES")`,
        };
      }
      if (mail?.state === "skipped") {
        return {
          ok: false,
          message: `the close's mail was not sent (${mail.reason}): the test account's e-mail notifications are off; it must have them on (its Settings page)`,
        };
      }
      return undefined; // not taken on yet, or still `sending`
    });
    if (result) return result;
    return {
      ok: false,
      message: `no mail recorded for the ticket's close within ${Math.round(deadlineMs / 1000)} s: the notifications consumer did not take the event (${MAIL_QUEUE_RUNBOOK})`,
    };
  },
};

interface SiteRow {
  id: string;
  url: string | null;
  liveUrl: string | null;
  lastScreenshotUpdate: string | null;
}

const SCREENSHOT_DEADLINE_MS = 180_000;
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
    const done = await pollUntil(deadlineMs, async () => {
      const now = await sites(targets);
      const row = now.rows?.find((r) => r.id === site.id);
      return row?.lastScreenshotUpdate && row.lastScreenshotUpdate !== site.lastScreenshotUpdate
        ? row.lastScreenshotUpdate
        : undefined;
    });
    if (done) return { ok: true, message: `site ${site.id}'s screenshot taken at ${done}` };
    return {
      ok: false,
      message: `site ${site.id}'s screenshot not done within ${Math.round(deadlineMs / 1000)} s: the jobs worker did not take it (${SCREENSHOT_RUNBOOK})`,
    };
  },
};

export async function runSmoke(targets: SmokeTargets): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const list = [...checks, ...signedInChecks, closeTicketCheck, mailCheck, screenshotCheck];
  try {
    await runChecks(list, targets, lines);
  } finally {
    // Cleanup: the sessions end whatever happened.
    await targets.signedIn?.end().catch(() => {});
    await targets.staff?.end().catch(() => {});
  }
  return lines;
}

async function runChecks(list: SmokeCheck[], targets: SmokeTargets, lines: CheckLine[]) {
  const run: SmokeRun = {};
  for (const check of list) {
    try {
      const result = await check.run(targets, run);
      lines.push({ name: check.name, status: result.ok ? "ok" : "fail", message: result.message });
    } catch (error) {
      const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      lines.push({ name: check.name, status: "fail", message: `no answer (${cause})` });
    }
  }
}
