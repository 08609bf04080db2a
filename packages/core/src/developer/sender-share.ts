/**
 * How the shared webhook senders are split between customers (docs/developer-api.md, "Fair
 * sharing and limits"):
 *
 * - Each customer holds at most MAX_IN_FLIGHT_PER_CUSTOMER of the SENDER_CONCURRENCY senders at
 *   once. A sender takes one of the customer's slots before it posts; with none free, the
 *   message goes back on the queue with a delay (DelaySeconds) instead of waiting, so a
 *   customer whose endpoint answers slowly leaves the other senders to everyone else.
 * - "Send test event" and "Redeliver" share an hourly allowance per customer.
 *
 * Slots are leases, not counters: a sender that is killed mid-attempt never gives its slot
 * back, and a lease that outlasts the sender's timeout frees it anyway. Both kinds of item are
 * raw keys in key spaces of their own (no ElectroDB entity reads them) and expire through the
 * table's TTL.
 */
import { randomUUID } from "node:crypto";
import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { EXPIRES_AT } from "../analytics/visitor-mark";
import { documentClient, tableName } from "../db/client";
import { isConditionFailure } from "../db/errors";
import { RateLimitError } from "../errors";
import { MANUAL_SENDS_PER_HOUR, MAX_IN_FLIGHT_PER_CUSTOMER, SLOT_LEASE_MS } from "./sender-limits";

const HOUR_MS = 3_600_000;

/** A held slot, given back with releaseSlot. */
export interface Slot {
  key: { pk: string; sk: string };
  token: string;
}

function slotKey(userId: string, slot: number) {
  return { pk: `$portal#webhookSlot#userId_${userId}#slot_${slot}`, sk: "$webhookSlot" };
}

/**
 * Takes a free slot of the customer's, or answers undefined when all are held. One
 * conditional write per slot tried: the first slot that is free or whose lease ran out.
 */
export async function claimSlot(userId: string, now = Date.now()): Promise<Slot | undefined> {
  for (let slot = 0; slot < MAX_IN_FLIGHT_PER_CUSTOMER; slot++) {
    const key = slotKey(userId, slot);
    const token = randomUUID();
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: "SET #token = :token, #until = :until, #expires = :expires",
          ConditionExpression: "attribute_not_exists(#until) OR #until < :now",
          ExpressionAttributeNames: {
            "#token": "leaseToken",
            "#until": "leaseUntil",
            "#expires": EXPIRES_AT,
          },
          ExpressionAttributeValues: {
            ":token": token,
            ":until": now + SLOT_LEASE_MS,
            ":now": now,
            // Gone a day after the lease: only a customer who sends keeps slot items.
            ":expires": Math.floor((now + SLOT_LEASE_MS) / 1000) + 86_400,
          },
        }),
      );
      return { key, token };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return undefined;
}

/** Gives a slot back, unless its lease ran out and another sender holds it now. */
export async function releaseSlot(slot: Slot): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: slot.key,
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "leaseToken" },
        ExpressionAttributeValues: { ":token": slot.token },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Seconds a message waits when its customer's slots are all held: 5 s, doubling with each
 * deferral up to a minute, with jitter so deferred messages do not come back together.
 */
export function deferSeconds(deferrals: number, random = Math.random): number {
  const ceiling = Math.min(60, 5 * 2 ** Math.max(0, deferrals - 1));
  return Math.max(1, Math.round(ceiling * (0.5 + random() / 2)));
}

export function manualSendLimitMessage(minutes: number): string {
  return `You can send at most ${MANUAL_SENDS_PER_HOUR} test events and redeliveries an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Counts one test event or redelivery against the customer's allowance for this hour, or
 * throws RateLimitError when it is used up (a refused request is not counted).
 */
export async function takeManualSend(userId: string, now = new Date()): Promise<void> {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: {
          pk: `$portal#webhookManualSends#userId_${userId}#hour_${hourStart}`,
          sk: "$webhookManualSends",
        },
        UpdateExpression: "SET #expires = :expires ADD #sends :one",
        ConditionExpression: "attribute_not_exists(#sends) OR #sends < :limit",
        ExpressionAttributeNames: { "#sends": "sends", "#expires": EXPIRES_AT },
        ExpressionAttributeValues: {
          ":one": 1,
          ":limit": MANUAL_SENDS_PER_HOUR,
          ":expires": Math.floor((hourStart + 2 * HOUR_MS) / 1000),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const minutes = Math.max(1, Math.ceil((hourStart + HOUR_MS - now.getTime()) / 60_000));
    throw new RateLimitError(manualSendLimitMessage(minutes));
  }
}
