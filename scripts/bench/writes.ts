/**
 * `npm run bench -- writes`: what an Idempotency-Key adds to a write (docs/performance.md
 * "`writes`"). POST /api/tickets, its handler called directly with a payload 2.0 event as
 * Lambda's runtime calls it, without a key, with a new key each time (the key's claim and its
 * recorded answer: two more table writes), and with one key sent again (answered from the
 * record: one read, no write); beside the bare Tickets.create the handler makes.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { repoRoot } from "@portal/devstack/lambda-runtime";
import { startLocalStack } from "@portal/devstack/local-stack";
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from "@portal/functions/api/origin-verify";
import { routes } from "@portal/functions/routes";
import { median, signUpBenchUser, summary, type Timings, timeInProcess } from "./measure";

/** Rows timed in turns, as the api section does, so drift weighs on each alike. */
const ROUNDS = 3;
const PER_ROUND = { maxRequests: 100, durationMs: 5_000, warmUp: 20 };

const TICKET = {
  title: "Menu update",
  description: "Please update the lunch menu.",
  category: "website_request",
  priority: "medium",
} as const;

type Answer = { statusCode?: number; headers?: Record<string, unknown>; body?: string };

export const writesBench = {
  name: "writes",
  description:
    "POST /api/tickets called directly: no Idempotency-Key, a new key each time, one key sent again; beside the bare Tickets.create (local dynalite)",
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      const user = await signUpBenchUser(stack.url, `bench-writes-${Date.now()}@example.com`);
      const first = await fetch(`${stack.url}/api/auth/user`, { headers: await user.headers() });
      if (first.status !== 200) throw new Error(`GET /api/auth/user got ${first.status}`);
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db } = await import("@portal/core/db/service");
      const Tickets = await import("@portal/core/tickets/index");
      await db.entities.user
        .patch({ userId: user.userId })
        .set({ subscriptionPlan: "pro", subscriptionActive: true, hasCompletedQuestionnaire: true })
        .go();
      const record = routes["POST /api/tickets"];
      const file = record.handler.slice(0, record.handler.lastIndexOf("."));
      const { handler } = (await import(path.join(repoRoot, `${file}.ts`))) as {
        handler: (event: unknown) => Promise<Answer>;
      };
      const host = new URL(stack.url).host;
      let token = await user.headers();
      let tokenAt = Date.now();
      const event = (key?: string) => {
        // Session tokens live 60 s: a new one well before that.
        return {
          version: "2.0",
          routeKey: "POST /api/tickets",
          rawPath: "/api/tickets",
          rawQueryString: "",
          headers: {
            ...token,
            host,
            "content-type": "application/json",
            [ORIGIN_VERIFY_HEADER]: stack.env[ORIGIN_VERIFY_ENV] ?? "",
            ...(key ? { "idempotency-key": key } : {}),
          },
          requestContext: { http: { method: "POST", path: "/api/tickets" }, requestId: "bench" },
          body: JSON.stringify(TICKET),
          isBase64Encoded: false,
        };
      };
      const refresh = async () => {
        if (Date.now() - tokenAt < 30_000) return;
        token = await user.headers();
        tokenAt = Date.now();
      };
      const expect201 = async (answer: Promise<Answer>) => {
        const { statusCode, body } = await answer;
        if (statusCode !== 201) throw new Error(`POST /api/tickets got ${statusCode}: ${body}`);
      };
      const replayKey = randomUUID();
      await expect201(handler(event(replayKey)));
      const operations = [
        { name: "POST /api/tickets, no key", run: () => expect201(handler(event())) },
        {
          name: "POST /api/tickets, a new key each time",
          run: () => expect201(handler(event(randomUUID()))),
        },
        {
          name: "POST /api/tickets, one key sent again",
          run: () => expect201(handler(event(replayKey))),
        },
        {
          name: "bare Tickets.create",
          run: () => Tickets.create(user.userId, TICKET, user.userId).then(() => undefined),
        },
      ];
      const timings = operations.map(() => [] as Timings[]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, operation] of operations.entries()) {
          await refresh();
          timings[i]?.push(await timeInProcess(operation.run, PER_ROUND));
        }
      }
      const joined = (runs: Timings[]) => ({
        latencies: runs.flatMap((r) => r.latencies),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
      });
      const noKeyP50 = median(joined(timings[0] ?? []).latencies);
      console.table(
        operations.map((operation, i) => ({
          operation: operation.name,
          ...summary(joined(timings[i] ?? []), noKeyP50),
        })),
      );
      console.log(
        "(p50 / bare p50 here is against the write without a key. One Node process runs the handler and dynalite; no HTTP; Lambda cold starts not included)",
      );
    } finally {
      await stack.stop();
    }
  },
};
