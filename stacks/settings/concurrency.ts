/**
 * The Lambda concurrency arithmetic of a stage (docs/security.md, "Background work"): what the
 * jobs worker may reserve, what Lambda keeps unreserved, and what the app takes at once.
 */

/**
 * Lambda keeps part of the account's concurrency unreserved for functions without a
 * reservation: 100 with the default quota of 1000 (the Lambda guide, "Configuring reserved
 * concurrency"), all of it when the quota is 100 or less, as on many new accounts.
 */
export const UNRESERVED_CONCURRENCY_MINIMUM = 100;

/**
 * WORKER_RESERVED_CONCURRENCY: Lambda concurrency reserved for the jobs worker (stacks/Jobs.ts;
 * docs/security.md, "Background work"). 0, the default, reserves none: Lambda refuses a
 * reservation that leaves an account fewer than 100 unreserved executions (all of them when the
 * quota is 100 or less, as on many new accounts), so a first deploy with any reservation would
 * fail there. `npm run preflight` checks the account's quota before a deploy. Above 0 it
 * must be at least the event source's maximum concurrency (`maxConcurrency`), or the queue
 * would be throttled below its own cap and a throttled delivery counts as a receive.
 */
export function workerReservedConcurrency(
  maxConcurrency: number,
  env: Record<string, string | undefined> = process.env,
): number | undefined {
  const raw = env.WORKER_RESERVED_CONCURRENCY?.trim() ?? "";
  if (raw === "" || raw === "0") return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < maxConcurrency) {
    throw new Error(
      `WORKER_RESERVED_CONCURRENCY must be 0 (no reservation) or a whole number of at least ` +
        `${maxConcurrency}, the jobs queue's maximum concurrency, not "${raw}". The account's ` +
        `Lambda concurrency quota must leave ${UNRESERVED_CONCURRENCY_MINIMUM} unreserved beyond it (docs/security.md).`,
    );
  }
  return value;
}

/**
 * The scheduled functions (Cron) of the app, one run at a time each: uptime checks and site
 * deletions (stacks/Events.ts), monthly reports (stacks/Jobs.ts), custom domains' certificate
 * checks (stacks/Hosting.ts). tests/infra/concurrency.test.ts holds this list to the synthesised
 * app's Crons.
 */
export const SCHEDULED_FUNCTIONS = [
  "UptimeChecks",
  "SiteDeletions",
  "MonthlyReports",
  "CertificateChecks",
] as const;

/**
 * Executions kept for the API (and the Stripe webhook) beyond the background work: the stage's
 * throttle, 300 requests a second (stacks/Api.ts `THROTTLE`), at about 100 ms a request on a
 * warm function holds 30 executions; 50 leaves room for cold starts and slower routes.
 */
export const API_CONCURRENCY_ROOM = 50;

/** A row of the consumer table, as far as concurrency goes. */
interface ConsumerCap {
  maxConcurrency: number;
}

export interface ConcurrencyDemand {
  /** Each part of the background work and the executions it can take at once. */
  parts: { name: string; executions: number }[];
  /** All of them at once: every queue at its cap, every browser running, every schedule. */
  background: number;
  /** background plus the API's room: the quota the stage needs (beyond others' reservations). */
  needed: number;
}

/**
 * The executions the app can take at once when every queue runs at its cap (the consumer table,
 * packages/functions/src/queue-consumers.ts), each jobs worker waits for its browser (one more
 * execution each), and every schedule runs; plus the API's room. Any queue added to the table,
 * e.g. the hosting deployments, is in it without an edit here.
 */
export function concurrencyDemand(
  consumers: Readonly<Record<string, ConsumerCap>>,
  /** The consumer whose every invocation invokes one browser function and waits for it. */
  browserConsumer = "Jobs",
): ConcurrencyDemand {
  const parts = Object.entries(consumers).map(([name, row]) => ({
    name,
    executions: row.maxConcurrency,
  }));
  const jobs = consumers[browserConsumer];
  if (jobs) parts.push({ name: "browsers", executions: jobs.maxConcurrency });
  parts.push({ name: "schedules", executions: SCHEDULED_FUNCTIONS.length });
  const background = parts.reduce((sum, part) => sum + part.executions, 0);
  return { parts, background, needed: background + API_CONCURRENCY_ROOM };
}

/**
 * Whether an account's concurrency holds the stage: the quota, less what other functions of the
 * account reserve, must hold the app's background work at its caps and leave the API its room,
 * and Lambda's unreserved minimum must stay free after the worker's reservation (if any).
 * Answers the problem in words, with the quota to ask AWS for, or undefined when it fits.
 */
export function concurrencyProblem(options: {
  demand: ConcurrencyDemand;
  quota: number;
  /** Reserved by functions of the account other than this stage's worker. */
  reservedByOthers: number;
  /** What this stage's worker would reserve (WORKER_RESERVED_CONCURRENCY; 0 for none). */
  workerReservation: number;
  region: string;
}): string | undefined {
  const { demand, quota, reservedByOthers, workerReservation } = options;
  const available = quota - reservedByOthers;
  const unreservedMinimum = Math.min(UNRESERVED_CONCURRENCY_MINIMUM, quota);
  const unreservedLeft = available - workerReservation;
  const fits = available >= demand.needed && unreservedLeft >= unreservedMinimum;
  if (fits) return undefined;
  const askFor = Math.max(
    reservedByOthers + demand.needed,
    workerReservation ? reservedByOthers + workerReservation + UNRESERVED_CONCURRENCY_MINIMUM : 0,
  );
  const parts = demand.parts.map((p) => `${p.name} ${p.executions}`).join(", ");
  return `quota ${quota}${reservedByOthers ? ` (${reservedByOthers} reserved by other functions)` : ""} cannot hold the stage: its background work takes up to ${demand.background} executions at once (${parts}) and the API needs ${API_CONCURRENCY_ROOM} more${workerReservation ? `, and reserving ${workerReservation} for the worker must leave Lambda ${unreservedMinimum} unreserved` : ""}. Throttled queue deliveries count as receives and end in the dead-letter queues. Ask AWS for a concurrency quota of at least ${askFor} (Service Quotas → AWS Lambda → Concurrent executions, ${options.region})`;
}
