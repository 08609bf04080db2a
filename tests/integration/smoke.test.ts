/**
 * `npm run smoke` against the local stack, which serves the SPA, /api (with the origin header
 * CloudFront adds) and /webhooks/stripe on one origin. The API Gateway URL's stand-in is the
 * same handlers behind the local API adapter without that header, as API Gateway is reached
 * around the distribution. Each check passes there and fails against a server answering wrong.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { createApiGateway } from "@portal/devstack/api-gateway";
import { readBody } from "@portal/devstack/http-io";
import { createHandlerLoader } from "@portal/devstack/lambda-runtime";
import { routes } from "@portal/functions/routes";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckLine } from "../../scripts/preflight/report";
import { passed } from "../../scripts/preflight/report";
import { sampleSiteFiles } from "../../scripts/sample-site";
import { runSmoke, type SignedInAccount } from "../../scripts/smoke/checks";
import { apiAt } from "../support/api";
import { addSite, READY_CUSTOMER, setCustomerState } from "../support/customer-state";
import { freshToken, signUp, signUpStaff } from "../support/dev-identity";
import { useServers } from "../support/servers";
import { stackUrl, useStackEnv } from "../support/stack";
import { until } from "../support/until";

const servers = useServers();
let directApiUrl: string;
let wrongUrl: string;

beforeAll(async () => {
  // The handlers read the stack's settings, the origin secret among them, when first loaded.
  useStackEnv();
  const api = createApiGateway(routes, createHandlerLoader());
  const directApi = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://api");
      await api(req, res, url, await readBody(req));
    })();
  });
  directApiUrl = `http://127.0.0.1:${await servers.listen(directApi)}`;
  // Answers everything with 200 and a word of text, as a misrouted domain might.
  const wrong = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
  wrongUrl = `http://127.0.0.1:${await servers.listen(wrong)}`;
});

/** The team deploys the sample site (as tests/integration/hosting.test.ts); its preview is the site's address. */
async function deploySample(userId: string, siteId: string, baseUrl: string) {
  const staff = await signUpStaff({}, baseUrl);
  const call = apiAt(baseUrl);
  const path = `/api/staff/customers/${userId}/sites/${siteId}/deployments`;
  const zip = zipSync(sampleSiteFiles(), { level: 6 });
  const created = await call(staff, "POST", path, { fileName: "site.zip", size: zip.byteLength });
  expect(created.status).toBe(201);
  const { url, headers } = created.body.upload;
  expect((await fetch(url, { method: "PUT", headers, body: zip })).status).toBe(200);
  const id = created.body.deployment.id;
  expect((await call(staff, "POST", `${path}/${id}/confirm`)).status).toBe(202);
  const ready = await until(
    async () => {
      const answer = await call(staff, "GET", `${path}/${id}`);
      return answer.body.status === "ready" ? answer.body : undefined;
    },
    "the sample site's deployment",
    45_000,
  );
  const { db } = await import("@portal/core/db/service");
  await db.entities.site.patch({ userId, siteId }).set({ liveUrl: ready.previewUrl }).go();
}

function byName(lines: CheckLine[]) {
  return Object.fromEntries(lines.map((l) => [l.name, l]));
}

/**
 * The test account on the local stack: its identity provider stands in for Clerk's sign-in
 * token flow (main.ts signs in through Clerk; the checks only need a token and an end).
 */
async function localAccount(baseUrl: string, liveUrl?: string) {
  const signedIn = await signUp({ firstName: "Smoke", lastName: "Test" }, baseUrl);
  const token = () => freshToken(signedIn, baseUrl);
  // The first signed-in call creates the user record, as the SPA's sync does.
  await fetch(`${baseUrl}/api/auth/user`, {
    headers: { authorization: `Bearer ${await token()}` },
  });
  await setCustomerState(signedIn.user.id, READY_CUSTOMER);
  // A site for the screenshot step: the sample site deployed on the stack's own hosting, an
  // address its worker may visit, unless the test gives another.
  const siteId = await addSite(signedIn.user.id, liveUrl ? { liveUrl } : {});
  if (!liveUrl) await deploySample(signedIn.user.id, siteId, baseUrl);
  const ended: string[] = [];
  return {
    account: { token, end: async () => void ended.push(signedIn.user.id) },
    ended,
    userId: signedIn.user.id,
    email: signedIn.user.email,
  };
}

/** The staff test user on the local stack (SMOKE_STAFF_CLERK_USER_ID deployed). */
async function localStaff(baseUrl: string, ended: string[]) {
  const staff = await signUpStaff({ firstName: "Smoke", lastName: "Staff" }, baseUrl);
  return {
    token: () => freshToken(staff, baseUrl),
    end: async () => void ended.push(staff.user.id),
  };
}

/** A run signed in as the test account and a staff user, not waiting on the screenshot. */
async function smokeWithStaff(account: SignedInAccount, ended: string[]) {
  return runSmoke({
    siteUrl: stackUrl(),
    signedIn: account,
    staff: await localStaff(stackUrl(), ended),
    screenshotDeadlineMs: 1_000,
  });
}

/** The ticket the smoke run wrote, as stored. */
async function smokeTicket(userId: string, lines: Record<string, CheckLine>) {
  const ticketId = /ticket (\S+) stored/.exec(
    lines["signed in: a ticket written and read back"]?.message ?? "",
  )?.[1];
  expect(ticketId).toBeDefined();
  const { db } = await import("@portal/core/db/service");
  return (await db.entities.ticket.get({ userId, ticketId: ticketId as string }).go()).data;
}

describe("npm run smoke", () => {
  it("passes every check against the local stack, signed in as a test account and a staff user, and ends both sessions", async () => {
    const { account, ended, userId } = await localAccount(stackUrl());
    const lines = await runSmoke({
      siteUrl: stackUrl(),
      apiUrl: directApiUrl,
      stripeWebhookUrl: `${stackUrl()}/webhooks/stripe`,
      signedIn: account,
      staff: await localStaff(stackUrl(), ended),
    });
    expect(lines.filter((l) => l.status !== "ok")).toEqual([]);
    expect(passed(lines)).toBe(true);
    expect(lines).toHaveLength(10);
    const line = byName(lines);
    expect(line["signed in: a ticket written and read back"]?.message).toMatch(
      /ticket \w+ stored and read back/,
    );
    expect(line["staff: the smoke ticket closed"]?.message).toMatch(
      /ticket \w+ closed by the staff test user/,
    );
    // The local SES stand-in accepted it, through the events queue and its consumer.
    expect(line["signed in: a mail sent and accepted"]?.message).toMatch(
      /the close's mail to Smoke Test accepted by SES \(message id \S+\)/,
    );
    expect(line["signed in: a screenshot queued and done"]?.message).toMatch(
      /screenshot taken at /,
    );
    // Cleaned up: the ticket is closed, and both sessions ended.
    expect((await smokeTicket(userId, line))?.status).toBe("closed");
    expect(ended).toHaveLength(2);
  }, 120_000);

  it("fails the mail step, saying so, when the test account's e-mail notifications are off; the ticket still ends closed", async () => {
    const { account, ended, userId } = await localAccount(stackUrl(), "http://192.0.2.1/");
    const off = await fetch(`${stackUrl()}/api/auth/user/preferences`, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${await account.token()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ emailNotifications: false }),
    });
    expect(off.status).toBe(200);
    const lines = byName(await smokeWithStaff(account, ended));
    expect(lines["staff: the smoke ticket closed"]?.status).toBe("ok");
    expect(lines["signed in: a mail sent and accepted"]).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /not sent \(notification mails are off\): the test account's e-mail notifications are off/,
      ),
    });
    expect((await smokeTicket(userId, lines))?.status).toBe("closed");
    expect(ended).toHaveLength(2);
  }, 60_000);

  it("fails the mail step, naming SES's sandbox and the runbook entry, when SES rejects the mail", async () => {
    const { account, ended, email } = await localAccount(stackUrl(), "http://192.0.2.1/");
    // The local SES refuses the next mail to the test account, as the sandbox refuses an
    // unverified address.
    const faults = `${stackUrl()}/__devstack/mail/faults`;
    const fault = await fetch(faults, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: "MessageRejected", to: email, times: 1 }),
    });
    expect(fault.status).toBe(200);
    try {
      const lines = byName(await smokeWithStaff(account, ended));
      expect(lines["signed in: a mail sent and accepted"]).toMatchObject({
        status: "fail",
        message: expect.stringMatching(
          /^SES refused the close's mail \(rejected by SES: .+\): in SES's sandbox .*request production access .*docs\/operations.md "Mail rejected by SES"/,
        ),
      });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
  }, 60_000);

  it("fails the close, naming the staff role, when the staff test user is not staff", async () => {
    const { account, userId } = await localAccount(stackUrl(), "http://192.0.2.1/");
    const notStaff = await localAccount(stackUrl(), "http://192.0.2.1/");
    const lines = byName(
      await runSmoke({
        siteUrl: stackUrl(),
        signedIn: account,
        staff: notStaff.account,
        screenshotDeadlineMs: 1_000,
      }),
    );
    expect(lines["staff: the smoke ticket closed"]).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/answers 403 .*no role "staff"/),
    });
    expect(lines["signed in: a mail sent and accepted"]?.message).toMatch(/^no ticket closed/);
    expect((await smokeTicket(userId, lines))?.status).toBe("open");
    expect(notStaff.ended).toHaveLength(1);
  }, 60_000);

  it("fails the screenshot step, naming the runbook entries, when the preview is not done by its deadline", async () => {
    // An address outside the worker's allowlist: the job ends without a screenshot.
    const { account } = await localAccount(stackUrl(), "http://192.0.2.1/");
    const lines = byName(
      await runSmoke({ siteUrl: stackUrl(), signedIn: account, screenshotDeadlineMs: 3_000 }),
    );
    expect(lines["signed in: a ticket written and read back"]?.status).toBe("ok");
    expect(lines["signed in: a screenshot queued and done"]).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /screenshot not done within 3 s: .*docs\/operations.md "A dead-letter queue is not empty"/,
      ),
    });
  }, 60_000);

  it("fails the signed-in checks without a test account, or with a token the API refuses", async () => {
    const without = byName(await runSmoke({ siteUrl: stackUrl() }));
    expect(without["signed in: current user"]?.message).toMatch(
      /no test account: set SMOKE_CLERK_USER_ID/,
    );
    for (const name of ["staff: the smoke ticket closed", "signed in: a mail sent and accepted"]) {
      expect(without[name]).toMatchObject({
        status: "fail",
        message: expect.stringMatching(/^no staff test account: set SMOKE_STAFF_CLERK_USER_ID/),
      });
    }
    const refused = byName(
      await runSmoke({
        siteUrl: stackUrl(),
        signedIn: { token: async () => "not.a.token", end: async () => {} },
      }),
    );
    expect(refused["signed in: current user"]?.message).toMatch(/answers 401 .*CLERK_AUDIENCE/);
    expect(refused["signed in: a ticket written and read back"]?.message).toMatch(
      /POST \/api\/tickets answers 401/,
    );
  });

  it("fails every check against a server that answers 200 text to everything", async () => {
    const lines = await runSmoke({
      siteUrl: wrongUrl,
      apiUrl: wrongUrl,
      stripeWebhookUrl: `${wrongUrl}/webhooks/stripe`,
    });
    expect(lines.map((l) => l.status)).toEqual(Array(10).fill("fail"));
    const line = byName(lines);
    expect(line.SPA?.message).toMatch(/answers 200 text\/plain: is the distribution serving/);
    expect(line["API Gateway refuses direct calls"]?.message).toMatch(/answers 200 .*not 403/);
    expect(line["API through the site"]?.message).toMatch(
      /answers 200 text\/plain, not a JSON 401/,
    );
    expect(line["collect.js"]?.message).toMatch(/not JavaScript/);
    expect(line["Stripe webhook refuses unsigned deliveries"]?.message).toMatch(
      /accepted an unsigned delivery/,
    );
    expect(passed(lines)).toBe(false);
  });

  it("fails the direct API check when the API URL answers with the origin header added", async () => {
    const lines = byName(
      await runSmoke({ siteUrl: stackUrl(), apiUrl: stackUrl(), stripeWebhookUrl: undefined }),
    );
    expect(lines["API Gateway refuses direct calls"]).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/answers 401 .*reachable around the distribution/),
    });
    expect(lines["Stripe webhook refuses unsigned deliveries"]?.message).toMatch(
      /no webhook URL: pass --stripe-webhook-url or --stage/,
    );
  });

  it("fails the calls through the site when the site forwards /api without the origin header", async () => {
    const lines = byName(await runSmoke({ siteUrl: directApiUrl }));
    expect(lines["API through the site"]).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/answers 403 .*origin header/),
    });
    expect(lines["collect.js"]?.status).toBe("fail");
    expect(lines.SPA?.status).toBe("fail");
  });

  it("fails the SPA check on an HTML page without the app's root element", async () => {
    // The local inbox: an HTML page, but not the portal's.
    const lines = byName(await runSmoke({ siteUrl: `${stackUrl()}/__devstack/mail` }));
    expect(lines.SPA?.message).toMatch(/answers 200 text\/html.* without the app's root element/);
  });

  it("fails the webhook check on a URL with no webhook behind it", async () => {
    const lines = byName(
      await runSmoke({ siteUrl: stackUrl(), stripeWebhookUrl: `${directApiUrl}/webhooks/stripe` }),
    );
    expect(lines["Stripe webhook refuses unsigned deliveries"]?.message).toMatch(
      /answers 404 .*no webhook at that URL/,
    );
  });

  it("the command prints a line per check and exits 1 when one fails", async () => {
    const smoke = (siteUrl: string, apiUrl: string) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            "--import",
            "tsx",
            "scripts/smoke/main.ts",
            "--url",
            siteUrl,
            "--api-url",
            apiUrl,
            "--stripe-webhook-url",
            `${stackUrl()}/webhooks/stripe`,
          ],
          { cwd: new URL("../..", import.meta.url), timeout: 60_000 },
          (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
        );
      });
    // Without SMOKE_CLERK_USER_ID, SMOKE_STAFF_CLERK_USER_ID and CLERK_SECRET_KEY the command
    // cannot sign in (it signs in through Clerk only): the anonymous checks pass, the signed-in
    // ones fail naming the settings.
    const good = await smoke(stackUrl(), directApiUrl);
    const lines = good.stdout.trim().split("\n");
    expect(lines.map((l) => l.slice(0, 4))).toEqual([
      ...Array(5).fill("OK  "),
      ...Array(5).fill("FAIL"),
    ]);
    expect(lines[5]).toMatch(
      /^FAIL {2}signed in: current user: no test account: set SMOKE_CLERK_USER_ID/,
    );
    expect(good.code).toBe(1);
    const bad = await smoke(stackUrl(), stackUrl());
    expect(bad.stdout).toMatch(/^FAIL {2}API Gateway refuses direct calls: /m);
    expect(bad.code).toBe(1);
  });
});
