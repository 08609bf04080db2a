/**
 * `npm run bench -- audits`: the audit engine's figures (scripts/bench/audits.ts: bare
 * Lighthouse, our runner, seconds per SEO analysis) plus the same Lighthouse run as a customer
 * asks for it: POST /api/lighthouse/analyze → the Jobs queue → the worker → polled until the
 * result is stored, through a local stack in this process.
 *
 * The poll runs every 100 ms so the figure is the pipeline's, not a polling cadence (the page
 * polls every 1.5 s).
 */
import { type LocalStack, startLocalStack } from "@portal/devstack/local-stack";
import { type BenchContext, benchAudits, type LighthouseStage } from "./audits";

const POLL_MS = 100;
const RUN_TIMEOUT_MS = 180_000;

interface Customer {
  cookie: string;
}

async function signUp(stack: LocalStack): Promise<Customer> {
  const response = await fetch(`${stack.url}/dev-identity/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench-audits-${Date.now()}@example.com`,
      password: "benchmark password",
      firstName: "Bench",
      lastName: "Audits",
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const who = { cookie };
  // Audits are for onboarded customers (docs/access.md): the first call stores the user, then
  // the plan state is written through core as the webhook and the questionnaire would.
  const me = await fetch(`${stack.url}/api/auth/user`, {
    headers: { authorization: `Bearer ${await token(stack, who)}` },
  });
  if (me.status !== 200) throw new Error(`user read failed: ${me.status}`);
  const { id: userId } = (await me.json()) as { id: string };
  const { db } = await import("@portal/core/db/service");
  await db.entities.user
    .patch({ userId })
    .set({ subscriptionActive: true, subscriptionPlan: "pro", hasCompletedQuestionnaire: true })
    .go();
  return who;
}

/** A fresh session token: they live 60 s and a run with its neighbours takes longer. */
async function token(stack: LocalStack, who: Customer): Promise<string> {
  const response = await fetch(`${stack.url}/dev-identity/tokens`, {
    method: "POST",
    headers: { cookie: who.cookie },
  });
  if (response.status !== 200) throw new Error(`token failed: ${response.status}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

interface Job {
  id: string;
  status: string;
  error: string | null;
}

/** Starts a run and waits until the API lists it done (or throws with why it failed). */
async function runThroughQueue(
  stack: LocalStack,
  who: Customer,
  kind: "seo" | "lighthouse",
  url: string,
): Promise<Job> {
  const headers = {
    authorization: `Bearer ${await token(stack, who)}`,
    "content-type": "application/json",
  };
  const started = await fetch(`${stack.url}/api/${kind}/analyze`, {
    method: "POST",
    headers,
    body: JSON.stringify(kind === "lighthouse" ? { url, strategy: "mobile" } : { url }),
  });
  if (started.status !== 202) throw new Error(`analyze answered ${started.status}`);
  const { id } = (await started.json()) as Job;
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const response = await fetch(`${stack.url}/api/${kind}/results/${id}`, {
      headers: { authorization: `Bearer ${await token(stack, who)}` },
    });
    const job = (await response.json()) as Job;
    if (job.status === "done" || job.status === "failed") return job;
  }
  throw new Error(`${kind} job ${id} did not finish in ${RUN_TIMEOUT_MS / 1000} s`);
}

export const auditsBench = {
  name: "audits",
  description:
    "Lighthouse mobile: bare API vs our runner vs POST /api/lighthouse/analyze → queue → worker → poll; seconds per SEO analysis",
  async run() {
    // Any port on 127.0.0.1: the bench page's port is chosen inside benchAudits.
    const stack = await startLocalStack({
      port: 0,
      logRequests: false,
      allowOutboundHosts: ["127.0.0.1"],
    });
    try {
      const who = await signUp(stack);
      // Warms the worker and the browser function (its Chromium) the way benchAudits warms the rest.
      await runThroughQueue(stack, who, "seo", `${stack.url}/`);
      const queued: LighthouseStage = {
        name: "lighthouse, API + queue",
        async run(ctx: BenchContext) {
          const job = await runThroughQueue(stack, who, "lighthouse", ctx.url);
          if (job.status !== "done") throw new Error(`queued Lighthouse run failed: ${job.error}`);
        },
      };
      await benchAudits({ extraStages: [queued] });
    } finally {
      // Its browser function's process closes its Chromium as it stops.
      await stack.stop();
    }
  },
};
