/**
 * The Lambda concurrency arithmetic of a stage (docs/security.md, "Background work"): what the
 * jobs worker may reserve, and what Lambda keeps unreserved.
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
