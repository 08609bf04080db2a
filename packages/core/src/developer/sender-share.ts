/**
 * How the shared webhook senders are split between customers (docs/developer-api.md, "Fair
 * sharing and limits"), on the leased slots and hourly allowances of db/customer-share.ts:
 *
 * - Each customer holds at most MAX_IN_FLIGHT_PER_CUSTOMER of the SENDER_CONCURRENCY senders at
 *   once. A sender takes one of the customer's slots before it posts; with none free, the
 *   message goes back on the queue with a delay (DelaySeconds) instead of waiting, so a
 *   customer whose endpoint answers slowly leaves the other senders to everyone else.
 * - "Send test event" and "Redeliver" share an hourly allowance per customer.
 */
import * as Share from "../db/customer-share";
import { RateLimitError } from "../errors";
import { MANUAL_SENDS_PER_HOUR, MAX_IN_FLIGHT_PER_CUSTOMER, SLOT_LEASE_MS } from "./sender-limits";

export { deferSeconds, releaseSlot, type Slot } from "../db/customer-share";

const SENDER_SLOTS: Share.SlotSpace = {
  space: "webhookSlot",
  perCustomer: MAX_IN_FLIGHT_PER_CUSTOMER,
  leaseMs: SLOT_LEASE_MS,
};

/** Takes a free sender slot of the customer's, or answers undefined when all are held. */
export function claimSlot(userId: string, now = Date.now()): Promise<Share.Slot | undefined> {
  return Share.claimSlot(SENDER_SLOTS, userId, now);
}

export function manualSendLimitMessage(minutes: number): string {
  return `You can send at most ${MANUAL_SENDS_PER_HOUR} test events and redeliveries an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Counts one test event or redelivery against the customer's allowance for this hour, or
 * throws RateLimitError when it is used up (a refused request is not counted).
 */
export async function takeManualSend(userId: string, now = new Date()): Promise<void> {
  const minutes = await Share.takeHourly("webhookManualSends", userId, MANUAL_SENDS_PER_HOUR, now);
  if (minutes !== undefined) throw new RateLimitError(manualSendLimitMessage(minutes));
}
