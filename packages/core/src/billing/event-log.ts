/**
 * Which Stripe events the webhook has processed, and which one delivery is processing now
 * (docs/billing.md). An event counts as processed only once its handler succeeded: recording
 * it first would turn a crash or a timeout into a lost event, since Stripe's retry would be
 * taken for a duplicate. While a handler runs, its delivery holds a lease on the event, so a
 * concurrent duplicate delivery does not run the handler a second time; a lease outlives the
 * webhook function's timeout, so it only runs out when the delivery that held it is dead.
 */
import { randomUUID } from "node:crypto";
import { isConditionFailure } from "../db/errors";
import { db } from "../db/service";

export type EventClaim =
  /** This delivery runs the handler, then calls finishEvent (or abandonEvent if it failed). */
  | { kind: "run"; leaseId: string }
  /** Processed before: acknowledge without effect. */
  | { kind: "done" }
  /** Another delivery is running it now: answer an error so Stripe tries again later. */
  | { kind: "busy" };

/** Takes the event for this delivery, unless it was processed or is being processed. */
export async function beginEvent(
  eventId: string,
  type: string,
  leaseMs: number,
  now = Date.now(),
): Promise<EventClaim> {
  const leaseId = randomUUID();
  const leaseUntil = new Date(now + leaseMs).toISOString();
  try {
    await db.entities.stripeEvent
      .create({ eventId, type, status: "processing", leaseId, leaseUntil })
      .go();
    return { kind: "run", leaseId };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: seen } = await db.entities.stripeEvent.get({ eventId }).go({ consistent: true });
  // Gone in between (its delivery failed and gave it up): Stripe's next retry will run it.
  if (!seen) return { kind: "busy" };
  if (seen.status !== "processing") return { kind: "done" };
  if (seen.leaseUntil && Date.parse(seen.leaseUntil) > now) return { kind: "busy" };
  // The delivery that held it died (crash or timeout) without finishing: take it over, once.
  try {
    await db.entities.stripeEvent
      .patch({ eventId })
      .set({ leaseId, leaseUntil })
      .where((attr, op) =>
        [
          op.eq(attr.status, "processing"),
          seen.leaseId ? op.eq(attr.leaseId, seen.leaseId) : op.notExists(attr.leaseId),
        ].join(" AND "),
      )
      .go();
    return { kind: "run", leaseId };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { kind: "busy" };
  }
}

/** Records the event as processed, if this delivery still holds it. */
export async function finishEvent(eventId: string, leaseId: string): Promise<boolean> {
  try {
    await db.entities.stripeEvent
      .patch({ eventId })
      .set({ status: "done", processedAt: new Date().toISOString() })
      .remove(["leaseId", "leaseUntil"])
      .where(
        (attr, op) => `${op.eq(attr.status, "processing")} AND ${op.eq(attr.leaseId, leaseId)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return false;
  }
}

/** Gives the event up after its handler failed, so Stripe's retry runs it at once. */
export async function abandonEvent(eventId: string, leaseId: string): Promise<void> {
  try {
    await db.entities.stripeEvent
      .delete({ eventId })
      .where(
        (attr, op) => `${op.eq(attr.status, "processing")} AND ${op.eq(attr.leaseId, leaseId)}`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
