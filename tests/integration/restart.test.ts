/**
 * A restart in the middle of work (docs/development.md "Restarts"): a stack in its own
 * process is killed with SIGKILL while SEO jobs run on a slow page, their `audit.completed`
 * events are queued, webhook deliveries are on the wire or waiting for a sender slot, and one
 * event was queued twice; a new process on the same data folder finishes all of it. Every mail
 * goes out once per event, every webhook message is answered once, every job ends done,
 * nothing is dead-lettered.
 *
 * The receiver answers nothing before the kill, and the mails are all sent by then: a mail or
 * a POST the other side accepted in the instant before the process could note it would be
 * sent again (the window docs/development.md "Restarts" describes), and the test would then
 * measure where the kill landed rather than the handling.
 *
 * The cheap job kind (SEO) stands for the browser jobs here; Lighthouse and screenshots go
 * through the same queue and worker.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:https";
import os from "node:os";
import path from "node:path";
import { startChildStack } from "@portal/devstack/child-stack-process";
import type { StoredMail } from "@portal/devstack/mail";
import type { QueueState } from "@portal/devstack/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAt } from "../support/api";
import { bearer, type SignedIn, signUpCustomer, signUpStaff } from "../support/dev-identity";
import { useServers } from "../support/servers";
import { selfSignedCert } from "../support/tls-cert";

const children: ChildProcess[] = [];
const servers = useServers();
let dataDir = "";

/** The stack in a child process on `dataDir`, allowed to reach this file's servers. */
function startStack(pagesHost: string) {
  const stack = startChildStack({
    dataDir,
    port: 0,
    logRequests: false,
    allowOutboundHosts: ["127.0.0.1", pagesHost],
    // In-flight messages come back 3 s after the crash; a webhook's backoff passes 10x faster.
    queue: { visibilityTimeoutMs: 3000, msPerDelaySecond: 100 },
  });
  children.push(stack.child);
  return stack;
}

/** Every request the webhook receiver got, and the ones it answered 200, by webhook-id. */
const requests: string[] = [];
const answered = new Map<string, number>();
/** Until the crash, the receiver holds every request open: deliveries on the wire. */
let holding = true;
let held = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "portal-restart-"));
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The shared helper against one of the two stacks, signed in with a bare session token. */
function callAt(base: string, token: string | null, method: string, route: string, body?: unknown) {
  return apiAt(base)(token ? bearer(token) : null, method, route, body);
}

async function queues(base: string): Promise<QueueState[]> {
  return Promise.all(
    ["queue", "events", "webhooks"].map(
      async (name) => (await (await fetch(`${base}/__devstack/${name}`)).json()) as QueueState,
    ),
  );
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("npm start killed with SIGKILL in the middle of work", () => {
  it("finishes everything queued after a restart, mailing and delivering each event once", async () => {
    const cert = selfSignedCert(30);
    const receiverPort = await servers.listen(
      createServer(cert, (req, res) => {
        req.resume();
        req.on("end", () => {
          const id = String(req.headers["webhook-id"]);
          requests.push(id);
          if (holding) {
            held += 1;
            return; // never answered: the sender is killed while it waits
          }
          answered.set(id, (answered.get(id) ?? 0) + 1);
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
        });
      }),
    );
    // A page that takes 1.5 s to answer keeps SEO jobs running when the process dies.
    const pagesPort = await servers.listen(
      createHttpServer((_req, res) => {
        setTimeout(() => {
          res
            .writeHead(200, { "content-type": "text/html; charset=utf-8" })
            .end(
              '<!doctype html><html lang="en"><head><title>Slow bakery</title></head><body><h1>Bread</h1></body></html>',
            );
        }, 1500);
      }),
    );
    const pagesOrigin = `http://127.0.0.1:${pagesPort}`;

    // --- The first run: work is queued and running when it is killed.
    const first = startStack(`127.0.0.1:${pagesPort}`);
    const firstUrl = await first.url;
    const childEnv = first.env();
    // signUpCustomer writes the plan through core, into the child's table.
    Object.assign(process.env, childEnv);
    const customer: SignedIn = await signUpCustomer({}, firstUrl);
    const staff = await signUpStaff({}, firstUrl, childEnv.DEV_IDENTITY_ADMIN_TOKEN);

    const endpoint = await callAt(firstUrl, customer.token, "POST", "/api/developer/webhooks", {
      url: `https://127.0.0.1:${receiverPort}/hooks`,
      events: ["ticket.staff_replied", "audit.completed"],
    });
    expect(endpoint.status).toBe(201);
    const ticketIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const ticket = await callAt(firstUrl, customer.token, "POST", "/api/tickets", {
        title: `Question ${i}`,
        description: "Is my site going to be ready soon?",
        category: "general",
        priority: "low",
      });
      expect(ticket.status).toBe(201);
      ticketIds.push(ticket.body.id);
    }
    // One event queued twice, as SQS may deliver it: still one mail and one delivery.
    const { emit } = await import("@portal/core/events/emit");
    const twice = {
      type: "ticket.staff_replied" as const,
      eventId: `restart-${randomUUID()}`,
      userId: customer.user.id,
      ticketId: ticketIds[0] ?? "",
      subject: "Question 0",
      message: "Sent twice by the queue",
    };
    await emit(twice);
    await emit(twice);
    for (const ticketId of ticketIds) {
      const reply = await callAt(
        firstUrl,
        staff.token,
        "POST",
        `/api/staff/customers/${customer.user.id}/tickets/${ticketId}/messages`,
        { message: "We are on it." },
      );
      expect(reply.status).toBe(201);
    }
    await until(
      "the mails to go out and a webhook delivery to be on the wire",
      async () => {
        const [, events] = await queues(firstUrl);
        return events?.waiting === 0 && events.inFlight === 0 && held > 0;
      },
      30_000,
    );
    // SEO runs on a page that takes 1.5 s: each ends in an audit.completed event (no mail).
    for (let i = 0; i < 3; i++) {
      const job = await callAt(firstUrl, customer.token, "POST", "/api/seo/analyze", {
        url: `${pagesOrigin}/page-${i}`,
      });
      expect(job.status).toBe(202);
    }
    await until(
      "an SEO job to be running",
      async () => ((await queues(firstUrl))[0]?.inFlight ?? 0) > 0,
      30_000,
    );
    const before = await queues(firstUrl);
    first.child.kill("SIGKILL");
    await first.exited;
    // Work was really cut short: jobs and webhook deliveries were still queued or running.
    expect((before[0]?.waiting ?? 0) + (before[0]?.inFlight ?? 0)).toBeGreaterThan(0);
    expect((before[2]?.waiting ?? 0) + (before[2]?.inFlight ?? 0)).toBeGreaterThan(0);
    const heldBeforeRestart = held;

    // --- The second run, on the same data folder, with the receiver answering again.
    holding = false;
    const second = startStack(`127.0.0.1:${pagesPort}`);
    const secondUrl = await second.url;
    const token = await fetch(`${secondUrl}/dev-identity/tokens`, {
      method: "POST",
      headers: { cookie: customer.cookie },
    });
    const { jwt } = (await token.json()) as { jwt: string };

    const eventIds = new Set<string>();
    const mails = async () => {
      const answer = await fetch(`${secondUrl}/__devstack/mail/messages.json`);
      const { messages } = (await answer.json()) as { messages: StoredMail[] };
      return messages.filter((m) => m.envelope.to.includes(customer.user.email));
    };
    await until(
      "every queue to drain and every delivery to be answered",
      async () => {
        const states = await queues(secondUrl);
        const drained = states.every((q) => q.waiting === 0 && q.inFlight === 0);
        return drained && answered.size === ticketIds.length + 1 + 3;
      },
      60_000,
    );

    // Each webhook message answered once: the replies' and the twice-queued event's, and the
    // three audit.completed events of the jobs the kill cut short.
    expect([...answered.values()]).toEqual(Array(ticketIds.length + 1 + 3).fill(1));
    expect(answered.get(twice.eventId)).toBe(1);
    // Each request held before the kill was sent again after it (it was never answered).
    expect(requests.length).toBe(answered.size + heldBeforeRestart);
    // Each event mailed once.
    const perEvent = new Map<string, number>();
    for (const mail of await mails()) {
      const id = mail.headers["x-portal-event-id"] ?? "";
      eventIds.add(id);
      perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
    }
    expect(eventIds.size).toBe(ticketIds.length + 1);
    expect([...perEvent.values()]).toEqual(Array(eventIds.size).fill(1));
    expect([...eventIds].every((id) => answered.has(id))).toBe(true);
    // Every SEO job done, nothing dead-lettered.
    const jobs = await callAt(secondUrl, jwt, "GET", "/api/seo/results");
    expect(jobs.body.map((j: { status: string }) => j.status)).toEqual(["done", "done", "done"]);
    for (const state of await queues(secondUrl)) expect(state.deadLetters).toEqual([]);
  }, 180_000);
});
