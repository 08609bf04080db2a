/**
 * `npm run bench -- staff`: the provider console's two busiest lists with 1,000 customers ×
 * 3 tickets in the table (docs/console.md): the inbox's first page (GET /api/staff/tickets, open
 * tickets, oldest first: ticket `byStatus` on gsi2) and the new requests
 * (GET /api/staff/requests, newest first: questionnaire `bySubmission` on gsi2).
 *
 * Each route is called one request at a time (at most 200 requests or 10 s) through the local
 * API Gateway adapter with a staff token, and timed beside, in the same run, the bare ElectroDB
 * query of its index with the same page size, and the core function the handler calls (every
 * read the route makes, without HTTP, the token check or JSON). The inbox also gets its two
 * reads timed bare as inbox() makes them: the page read with `count` and the medians' counts
 * item, and for reference the 500-ticket sample the medians were once taken from. The customer
 * search (GET /api/staff/customers?q=…, a word of the business names) is timed the same way,
 * beside its index Query and the user list a name search used to filter. The seed is written
 * straight through ElectroDB batch writes: users, a submitted questionnaire and its site each,
 * 3 tickets each (2 open, 1 resolved); then the medians' counts and the customers' search words are made
 * as for a table that predates them (docs/console.md).
 */
import { startLocalStack } from "@portal/devstack/local-stack";
import { ms, percentile, runHttpLoad, type Timings, timeInProcess as timeBounded } from "./measure";

const CUSTOMERS = 1000;
/**
 * The rows of a list are timed in turns, ROUNDS rounds of at most PER_ROUND requests (or
 * ROUND_MS) each, so the shared machine's drift weighs on every row alike (as the `api` section).
 */
const ROUNDS = 3;
const PER_ROUND = 70;
const ROUND_MS = 4_000;
const MAX_REQUESTS = ROUNDS * PER_ROUND;
const WARM_UP = 10;
const BOUNDS = { maxRequests: PER_ROUND, durationMs: ROUND_MS };

/** One round of an operation: its timings. */
type Round = () => Promise<Timings>;

/** A round of sequential GETs of `endpoint` on a worker thread, with the `api` section's client. */
function httpRound(endpoint: string, headers: () => Promise<Record<string, string>>): Round {
  return async () =>
    runHttpLoad({
      endpoint,
      headers: await headers(),
      clients: 1,
      ...BOUNDS,
      client: "node:http",
      warmUp: WARM_UP,
    });
}

/** A round of the same bounds in this process (where the handlers and dynalite run). */
function inProcess(operation: () => Promise<unknown>): Round {
  return () => timeBounded(operation, { ...BOUNDS, warmUp: WARM_UP });
}

/** Every row's rounds in turns, joined per row. */
async function inTurns(rows: { operation: string; round: Round }[]) {
  const measured = rows.map(({ operation }) => ({
    operation,
    timings: { latencies: [], errors: 0 } as Timings,
  }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, row] of rows.entries()) {
      const timings = await row.round();
      const into = measured[i] as (typeof measured)[number];
      into.timings.latencies.push(...timings.latencies);
      into.timings.errors += timings.errors;
      into.timings.firstError ??= timings.firstError;
    }
  }
  return measured;
}

function rows(name: string, measured: { operation: string; timings: Timings }[]) {
  const medians = measured.map(({ timings }) => {
    timings.latencies.sort((a, b) => a - b);
    return percentile(timings.latencies, 50);
  });
  const bare = medians[medians.length - 1] ?? Number.NaN;
  return measured.map(({ operation, timings }, i) => ({
    list: name,
    operation,
    requests: timings.latencies.length + timings.errors,
    "p50 ms": ms(medians[i] ?? Number.NaN),
    "p99 ms": ms(percentile(timings.latencies, 99)),
    "p50 / bare p50": Number(((medians[i] ?? Number.NaN) / bare).toFixed(1)),
    errors: timings.errors,
  }));
}

export const staffBench = {
  name: "staff",
  description: `the console's inbox, requests and customer search, ${CUSTOMERS.toLocaleString("en")} customers × 3 tickets, sequential, ≤${MAX_REQUESTS} requests each in ${ROUNDS} turns, beside the bare ElectroDB query (local adapter + dynalite)`,
  async run() {
    const stack = await startLocalStack({ port: 0, logRequests: false });
    try {
      // After the stack: it sets the table's env on this process, which core reads at import.
      const { db, newId } = await import("@portal/core/db/service");
      const { siteIdFor } = await import("@portal/core/questionnaires/index");
      const { PAGE_SIZE } = await import("@portal/core/staff/paging");
      const Tickets = await import("@portal/core/staff/tickets");
      const Requests = await import("@portal/core/staff/requests");
      const Customers = await import("@portal/core/staff/customers");
      const Medians = await import("@portal/core/staff/inbox-medians");
      const Copies = await import("@portal/core/staff/customer-copies");

      // The seed: 1,000 customers with a submitted questionnaire, its site and 3 tickets, made
      // over the last 30 days so both indexes hold a time line.
      const seedStarted = performance.now();
      const now = Date.now();
      const at = (i: number, offsetMs = 0) =>
        new Date(now - 30 * 86_400_000 + i * 2_500_000 + offsetMs).toISOString();
      const users = [];
      const questionnaires = [];
      const sites = [];
      const tickets = [];
      for (let i = 0; i < CUSTOMERS; i++) {
        const userId = `user_bench${String(i).padStart(5, "0")}`;
        const createdAt = at(i);
        users.push({
          userId,
          email: `customer-${i}@example.com`,
          firstName: "Customer",
          lastName: String(i),
          subscriptionPlan: "pro" as const,
          subscriptionActive: true,
          hasCompletedQuestionnaire: true,
          createdAt,
        });
        const questionnaire = {
          questionnaireId: newId(),
          userId,
          businessName: `Business ${i}`,
          industry: "restaurant" as const,
          websiteType: "business" as const,
          targetAudience: "Families nearby",
          isCompleted: true,
          createdAt: at(i, 60_000),
        };
        questionnaires.push(questionnaire);
        sites.push({
          userId,
          // The site id the questionnaire's submission would derive (from its id and time).
          siteId: siteIdFor(questionnaire as Parameters<typeof siteIdFor>[0]),
          questionnaireId: questionnaire.questionnaireId,
          name: questionnaire.businessName,
          status: "development" as const,
          createdAt: questionnaire.createdAt,
        });
        for (let t = 0; t < 3; t++) {
          const resolved = t === 2;
          tickets.push({
            userId,
            title: `Question ${t + 1} from customer ${i}`,
            description: "When will my site be ready?",
            category: "website_request" as const,
            status: resolved ? ("resolved" as const) : ("open" as const),
            priority: (["low", "medium", "high"] as const)[t] ?? "medium",
            // Some open tickets have had a first answer, so the inbox's medians have data.
            ...(resolved || i % 3 === 0 ? { responseTime: 30 + (i % 120) } : {}),
            ...(resolved ? { resolutionTime: 600 + (i % 900) } : {}),
            waitingOn: i % 3 === 0 ? ("customer" as const) : ("staff" as const),
            // As a ticket opened now is written: with its owner's address (staff/customer-copies.ts).
            customerEmail: `customer-${i}@example.com`,
            createdAt: at(i, (t + 2) * 600_000),
          });
        }
      }
      const written = await Promise.all([
        db.entities.user.put(users).go({ concurrency: 4 }),
        db.entities.questionnaire.put(questionnaires).go({ concurrency: 4 }),
        db.entities.site.put(sites).go({ concurrency: 4 }),
        db.entities.ticket.put(tickets).go({ concurrency: 4 }),
      ]);
      const unprocessed = written.reduce((sum, w) => sum + w.unprocessed.length, 0);
      if (unprocessed > 0) throw new Error(`seed: ${unprocessed} items unprocessed`);
      const items = users.length + questionnaires.length + sites.length + tickets.length;
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const indexStarted = performance.now();
      await Medians.recountInboxMedians();
      await Copies.refreshAllCustomerCopies();
      const indexSeconds = (performance.now() - indexStarted) / 1000;

      // A member of the team: sign up, made staff with the stack's admin token, signed in.
      const email = `staff-bench-${Date.now()}@example.com`;
      const password = "benchmark password";
      const signUp = await fetch(`${stack.url}/dev-identity/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, firstName: "Bench", lastName: "Staff" }),
      });
      if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
      const made = await fetch(`${stack.url}/dev-identity/admin/staff`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${stack.env.DEV_IDENTITY_ADMIN_TOKEN ?? ""}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ email }),
      });
      if (made.status !== 200) throw new Error(`making staff failed: ${made.status}`);
      const signIn = await fetch(`${stack.url}/dev-identity/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (signIn.status !== 200) throw new Error(`staff sign-in failed: ${signIn.status}`);
      const { user: staffUser } = (await signIn.json()) as { user: { id: string } };
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      /** A fresh token per loop: they live 60 s. */
      async function staffHeaders() {
        const response = await fetch(`${stack.url}/dev-identity/tokens`, {
          method: "POST",
          headers: { cookie },
        });
        if (response.status !== 200) throw new Error(`token failed: ${response.status}`);
        const { jwt } = (await response.json()) as { jwt: string };
        return { authorization: `Bearer ${jwt}` };
      }

      /** Warm-up through HTTP (imports the handler), checking the page is a full one. */
      async function httpRun(path: string): Promise<Round> {
        const endpoint = `${stack.url}${path}`;
        const headers = await staffHeaders();
        for (let i = 0; i < WARM_UP; i++) {
          const warm = await fetch(endpoint, { headers });
          const body = await warm.text();
          if (warm.status !== 200) throw new Error(`${path} warm-up got ${warm.status}: ${body}`);
          const count = (JSON.parse(body) as { items: unknown[] }).items.length;
          if (count !== PAGE_SIZE) throw new Error(`${path} gave ${count} items, not ${PAGE_SIZE}`);
        }
        return httpRound(endpoint, staffHeaders);
      }

      const inboxTimings = await inTurns([
        {
          operation: "GET /api/staff/tickets?status=open",
          round: await httpRun("/api/staff/tickets?status=open"),
        },
        {
          operation: "core staff/tickets inbox()",
          round: inProcess(() => Tickets.inbox({ status: "open" }, staffUser.id)),
        },
        {
          // The page as inbox() reads it (core/staff/paging.ts): `count` with a `limit` of a page.
          operation: `bare byStatus asc, count+limit ${PAGE_SIZE} (inbox's page)`,
          round: inProcess(() =>
            db.entities.ticket.query
              .byStatus({ status: "open" })
              .go({ order: "asc", count: PAGE_SIZE, limit: PAGE_SIZE }),
          ),
        },
        {
          // Beside the page on a first page: the medians' counts (staff/inbox-medians.ts).
          operation: "bare inboxMedians (one GetItem)",
          round: inProcess(() => Medians.inboxMedians("open")),
        },
        {
          // For reference: what inbox() read beside every first page before the counts.
          operation: "former medians read: byStatus desc, limit 500",
          round: inProcess(() =>
            db.entities.ticket.query.byStatus({ status: "open" }).go({ order: "desc", limit: 500 }),
          ),
        },
        {
          operation: `bare ticket.query.byStatus (gsi2), ${PAGE_SIZE}`,
          round: inProcess(() =>
            db.entities.ticket.query
              .byStatus({ status: "open" })
              .go({ order: "asc", limit: PAGE_SIZE }),
          ),
        },
      ]);
      const requestsTimings = await inTurns([
        {
          operation: "GET /api/staff/requests",
          round: await httpRun("/api/staff/requests"),
        },
        {
          operation: "core staff/requests list()",
          round: inProcess(() => Requests.list(undefined)),
        },
        {
          operation: `bare questionnaire.query.bySubmission (gsi2), ${PAGE_SIZE}`,
          round: inProcess(() =>
            db.entities.questionnaire.query
              .bySubmission({})
              .go({ order: "desc", limit: PAGE_SIZE }),
          ),
        },
      ]);

      const SEARCH = "busi";
      const customersTimings = await inTurns([
        {
          operation: `GET /api/staff/customers?q=${SEARCH}`,
          round: await httpRun(`/api/staff/customers?q=${SEARCH}`),
        },
        {
          operation: "core staff/customers search()",
          round: inProcess(() => Customers.search(SEARCH, undefined)),
        },
        {
          // For reference: a last name one customer has, filtered as the search once did.
          operation: "former name search: byEmail (gsi1) + begins filter, 1 match",
          round: inProcess(() =>
            db.entities.user.query
              .byEmail({})
              .where((attr, op) => op.begins(attr.lastName, "999"))
              .go({ count: PAGE_SIZE, limit: PAGE_SIZE }),
          ),
        },
        {
          operation: `bare customerSearchWord.query.byWord (gsi2), ${PAGE_SIZE}`,
          round: inProcess(() =>
            db.entities.customerSearchWord.query
              .byWord({ shard: SEARCH.slice(0, 2) })
              .begins({ word: SEARCH })
              .go({ count: PAGE_SIZE, limit: PAGE_SIZE }),
          ),
        },
      ]);

      // The bare queries return a full page too, or the comparison means nothing.
      const [bareTickets, bareRequests] = await Promise.all([
        db.entities.ticket.query.byStatus({ status: "open" }).go({ limit: PAGE_SIZE }),
        db.entities.questionnaire.query.bySubmission({}).go({ limit: PAGE_SIZE }),
      ]);
      if (bareTickets.data.length !== PAGE_SIZE || bareRequests.data.length !== PAGE_SIZE) {
        throw new Error("a bare query returned less than a page");
      }

      console.log(
        `seeded ${items.toLocaleString("en")} items (${CUSTOMERS} users, questionnaires, sites; ${tickets.length} tickets, ${(tickets.length * 2) / 3} open) in ${seedSeconds.toFixed(1)} s; medians counted and customers' search words written in ${indexSeconds.toFixed(1)} s`,
      );
      console.table([
        ...rows("inbox", inboxTimings),
        ...rows("requests", requestsTimings),
        ...rows("customers", customersTimings),
      ]);
      console.log(
        [
          "(one Node process runs the handlers and dynalite; one request at a time; p99 of a few dozen requests is about their maximum.",
          ` inbox() reads its page with count and limit ${PAGE_SIZE} (one Query unless a filter leaves the page short);`,
          " beside it, on a first page, the medians' counts item; then a users BatchGet only for tickets without their owner's address. list() reads a page with limit, then users and sites BatchGets.",
          " search() reads a page of the search index with count and limit, then a users BatchGet. The ratio column divides by each list's last row)",
        ].join("\n"),
      );
      const failed = [...inboxTimings, ...requestsTimings, ...customersTimings].find(
        (m) => m.timings.firstError,
      );
      if (failed) console.log(`first error (${failed.operation}): ${failed.timings.firstError}`);
    } finally {
      await stack.stop();
    }
  },
};
