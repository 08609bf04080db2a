/**
 * What a failed delivery leads to (docs/developer-api.md, "Outgoing webhooks"): the next try after
 * an exponential backoff, and, after a run of failures in a row, the endpoint turned off once and
 * its owner told (`webhook.disabled`).
 */
import { db, isConditionFailure, type WebhookItem } from "../db/service";
import { emit } from "../events/emit";

/** Tries of one message: the first and five retries. */
export const MAX_ATTEMPTS = 6;
/** Failed attempts in a row (across messages) after which the endpoint is turned off. */
export const DISABLE_AFTER_FAILURES = 15;
/**
 * Seconds before attempt `next` (2, 3, …): 30 s, 2 min, 8 min, then the queue's 15-minute
 * ceiling, so a message is given up about 40 minutes after its first try.
 */
export function backoffSeconds(next: number): number {
  return Math.min(900, 30 * 4 ** (next - 2));
}

/** A write to an endpoint deleted meanwhile: nothing to do. */
export function ignoreDeleted(error: unknown) {
  if (!isConditionFailure(error)) throw error;
}

/** Adds one failure atomically; undefined when the endpoint is gone. */
export async function countFailure(userId: string, webhookId: string, at: Date) {
  try {
    const { data } = await db.entities.webhook
      .patch({ userId, webhookId })
      .add({ failureCount: 1 })
      .set({ lastTriggered: at.toISOString() })
      .go({ response: "all_new" });
    return (data as WebhookItem).failureCount;
  } catch (error) {
    ignoreDeleted(error);
    return undefined;
  }
}

/** Turns the endpoint off once (a condition on isActive) and tells the customer. */
export async function disableEndpoint(
  webhook: WebhookItem,
  failures: number,
  reason: string,
  at: Date,
) {
  const disabledReason = `Turned off after ${failures} failed deliveries in a row`;
  try {
    await db.entities.webhook
      .patch({ userId: webhook.userId, webhookId: webhook.webhookId })
      .set({ isActive: false, disabledAt: at.toISOString(), disabledReason })
      .where((attr, op) => op.eq(attr.isActive, true))
      .go({ response: "none" });
  } catch (error) {
    // Already off (another attempt got there first) or deleted: told once, by that one.
    ignoreDeleted(error);
    return;
  }
  await emit({
    type: "webhook.disabled",
    eventId: `webhook.disabled:${webhook.webhookId}:${at.toISOString()}`,
    userId: webhook.userId,
    webhookId: webhook.webhookId,
    url: webhook.url,
    failureCount: failures,
    lastFailure: reason,
  });
}
