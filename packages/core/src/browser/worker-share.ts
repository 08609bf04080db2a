/**
 * Each customer's share of the jobs worker (docs/security.md, "Background work"): every job
 * (a preview, an SEO or Lighthouse run, a review screenshot, a report's PDF) runs a browser,
 * and the few workers are shared by every customer. A worker takes one of the job's
 * customer's JOBS_PER_CUSTOMER slots before it runs the job; with none free, the message goes
 * back on the queue with a delay, so one customer's flood of jobs leaves the other workers to
 * everyone else. Leased slots as the webhook senders have (db/customer-share.ts).
 */
import { requeueJob } from "../adapters/queue";
import { claimSlot, deferSeconds, releaseSlot } from "../db/customer-share";

/** Jobs one customer may have running at once, of the worker's five (queue-consumers.ts). */
export const JOBS_PER_CUSTOMER = 2;

/**
 * Takes one of the customer's worker slots for `leaseMs` (the worker's timeout), answering
 * the function that gives it back, or undefined when the customer's slots are all held.
 */
export async function claimWorker(
  userId: string,
  leaseMs: number,
  now = Date.now(),
): Promise<(() => Promise<void>) | undefined> {
  const slot = await claimSlot(
    { space: "jobsWorkerSlot", perCustomer: JOBS_PER_CUSTOMER, leaseMs },
    userId,
    now,
  );
  return slot && (() => releaseSlot(slot));
}

/**
 * Puts a job back for later: its `deferrals` counted up, after a delay that grows with them.
 * Answers the delay in seconds.
 */
export async function deferJob(
  message: { kind: string; deferrals?: number },
  random = Math.random,
): Promise<number> {
  const deferrals = (message.deferrals ?? 0) + 1;
  const delay = deferSeconds(deferrals, random);
  await requeueJob({ ...message, deferrals }, delay);
  return delay;
}
