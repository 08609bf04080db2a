/**
 * A customer's share of something every customer shares (docs/security.md, "Background work"):
 *
 * - Leased slots: at most `perCustomer` holders at once per customer. A holder takes one of the
 *   customer's slots before it works and gives it back after; with none free it does not wait
 *   but puts its work back for later (a message with a delay). Slots are leases, not counters:
 *   a holder killed mid-work never gives its slot back, and a lease that outlasts the holder's
 *   timeout frees it anyway.
 * - Hourly allowances: at most `limit` takes per customer and clock hour (UTC).
 *
 * Both are raw keys in key spaces of their own (no ElectroDB entity reads them), one space per
 * use, and expire through the table's TTL. The webhook senders (developer/sender-share.ts) and
 * the jobs worker (browser/worker-share.ts) use them.
 */
import { randomUUID } from "node:crypto";
import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { EXPIRES_AT } from "../analytics/visitor-mark";
import { documentClient, tableName } from "./client";
import { isConditionFailure } from "./errors";

export const HOUR_MS = 3_600_000;

/** One use of leased slots: its key space, the slots per customer and a lease's length. */
export interface SlotSpace {
  space: string;
  perCustomer: number;
  /** The holder's whole timeout, so only a dead holder's slot is taken over. */
  leaseMs: number;
}

/** A held slot, given back with releaseSlot. */
export interface Slot {
  key: { pk: string; sk: string };
  token: string;
}

function slotKey(space: string, userId: string, slot: number) {
  return { pk: `$portal#${space}#userId_${userId}#slot_${slot}`, sk: `$${space}` };
}

/**
 * Takes a free slot of the customer's, or answers undefined when all are held. One
 * conditional write per slot tried: the first slot that is free or whose lease ran out.
 */
export async function claimSlot(
  slots: SlotSpace,
  userId: string,
  now = Date.now(),
): Promise<Slot | undefined> {
  for (let slot = 0; slot < slots.perCustomer; slot++) {
    const key = slotKey(slots.space, userId, slot);
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
            ":until": now + slots.leaseMs,
            ":now": now,
            // Gone a day after the lease: only a customer who uses the slots keeps their items.
            ":expires": Math.floor((now + slots.leaseMs) / 1000) + 86_400,
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

/** Gives a slot back, unless its lease ran out and another holder has it now. */
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
 * Seconds work waits when its customer's slots are all held: 5 s, doubling with each
 * deferral up to a minute, with jitter so deferred work does not come back together.
 */
export function deferSeconds(deferrals: number, random = Math.random): number {
  const ceiling = Math.min(60, 5 * 2 ** Math.max(0, deferrals - 1));
  return Math.max(1, Math.round(ceiling * (0.5 + random() / 2)));
}

/**
 * Counts one take against the customer's allowance in `space` for this clock hour. Answers
 * the minutes until the hour ends when the allowance is used up (nothing is counted then),
 * undefined when the take was counted.
 */
export async function takeHourly(
  space: string,
  userId: string,
  limit: number,
  now = new Date(),
): Promise<number | undefined> {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `$portal#${space}#userId_${userId}#hour_${hourStart}`, sk: `$${space}` },
        UpdateExpression: "SET #expires = :expires ADD #sends :one",
        ConditionExpression: "attribute_not_exists(#sends) OR #sends < :limit",
        ExpressionAttributeNames: { "#sends": "sends", "#expires": EXPIRES_AT },
        ExpressionAttributeValues: {
          ":one": 1,
          ":limit": limit,
          ":expires": Math.floor((hourStart + 2 * HOUR_MS) / 1000),
        },
      }),
    );
    return undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return Math.max(1, Math.ceil((hourStart + HOUR_MS - now.getTime()) / 60_000));
  }
}
