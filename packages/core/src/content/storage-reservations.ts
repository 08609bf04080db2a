/**
 * The storage quota held under uploads at once (docs/content.md, "The quota"). Counting the
 * confirmed files at each grant or confirm lets uploads started or confirmed side by side each
 * see the same old usage and together pass the quota. So each upload reserves its bytes when
 * it is granted, on a per-customer counter with a conditional ADD (DynamoDB applies one at a
 * time: the reservation that would pass the quota fails however many arrive together), as the
 * API key and endpoint caps do (developer/quota.ts):
 *
 * - the counter holds the bytes of confirmed files and of pending uploads, and the number of
 *   pending uploads (at most MAX_PENDING_UPLOADS);
 * - a confirm turns a pending upload's bytes into a confirmed file's (one fewer pending);
 * - a refused confirm, a deleted file or an erased one gives its bytes back;
 * - an upload never confirmed stops holding its bytes once it can no longer be confirmed
 *   (PENDING_HOLD_MS after its URL expired): the counter is counted again from the records
 *   when it says full, provided its last reservation is older than any grant takes
 *   (STALE_AFTER_MS), so a grant in progress is never mistaken for a lost one. Pending records
 *   go with the table's TTL a day later.
 *
 * The counter lives in a key space of its own (no ElectroDB entity reads it); erasing the
 * account removes it (forgetStorage).
 */
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { StorageUsage } from "../contracts/content";
import { documentClient, tableName } from "../db/client";
import { conditionalUpdate } from "../db/conditional-update";
import type { ContentFileItem } from "../db/service";
import { UnprocessableError } from "../errors";
import { ownFiles } from "./records";

/** Uploads granted and not yet confirmed, per customer. */
export const MAX_PENDING_UPLOADS = 20;
/** How long after its URL expired a pending upload may still be confirmed. */
export const PENDING_HOLD_MS = 15 * 60_000;
/** A reservation this old has either been written as a record or died. */
const STALE_AFTER_MS = 60_000;

export const TOO_MANY_PENDING_MESSAGE = `You have ${MAX_PENDING_UPLOADS} uploads in progress. Finish or cancel some before starting more.`;

function counterKey(userId: string) {
  return { pk: `$portal#contentStorage#userId_${userId}`, sk: "$contentStorage" };
}

const NAMES = { "#b": "bytes", "#p": "pending", "#at": "reservedAt" };

/** Whether a pending upload may still be confirmed (and so still holds its bytes). */
export function stillPending(item: Pick<ContentFileItem, "uploadExpiresAt">, now: Date): boolean {
  const until = Date.parse(item.uploadExpiresAt ?? "");
  return Number.isFinite(until) && until + PENDING_HOLD_MS > now.getTime();
}

/** What the records hold: confirmed files' bytes and the pending uploads still confirmable. */
export function heldByRecords(
  files: readonly ContentFileItem[],
  now: Date,
): { bytes: number; pending: number } {
  let bytes = 0;
  let pending = 0;
  for (const file of files) {
    if (file.state === "confirmed") bytes += file.sizeBytes;
    else if (stillPending(file, now)) {
      bytes += file.sizeBytes;
      pending += 1;
    }
  }
  return { bytes, pending };
}

async function readCounter(userId: string) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: counterKey(userId), ConsistentRead: true }),
  );
  return typeof Item?.bytes === "number"
    ? { bytes: Item.bytes as number, pending: Number(Item.pending ?? 0) }
    : undefined;
}

const write = (userId: string, update: string, condition: string, values: Record<string, number>) =>
  conditionalUpdate({ key: counterKey(userId), update, condition, names: NAMES, values });

/**
 * Reserves `sizeBytes` under the quota and one pending upload, or throws the refusal
 * `overQuota` makes (with the usage the counter or the records show) or the pending cap's.
 */
export async function reserveUpload(
  userId: string,
  sizeBytes: number,
  quotaBytes: number,
  overQuota: (usage: StorageUsage, sizeBytes: number) => Error,
  now = new Date(),
): Promise<void> {
  const at = now.getTime();
  const refuse = (held: { bytes: number; pending: number }) => {
    if (held.bytes + sizeBytes > quotaBytes) {
      return overQuota({ usedBytes: held.bytes, quotaBytes }, sizeBytes);
    }
    return new UnprocessableError(TOO_MANY_PENDING_MESSAGE);
  };
  const fits = (held: { bytes: number; pending: number }) =>
    held.bytes + sizeBytes <= quotaBytes && held.pending < MAX_PENDING_UPLOADS;
  // A few rounds at most: each lost round means another writer changed the counter.
  for (let round = 0; round < 3; round++) {
    const current = await readCounter(userId);
    if (!current) {
      const held = heldByRecords(await ownFiles(userId), now);
      if (!fits(held)) throw refuse(held);
      const first = "SET #b = :b, #p = :p, #at = :at";
      const values = { ":b": held.bytes + sizeBytes, ":p": held.pending + 1, ":at": at };
      if (await write(userId, first, "attribute_not_exists(#b)", values)) return;
      continue;
    }
    const add = "ADD #b :size, #p :one SET #at = :at";
    const room = "#b <= :room AND #p < :max";
    const values = { ":size": sizeBytes, ":one": 1, ":at": at };
    if (
      await write(userId, add, room, {
        ...values,
        ":room": quotaBytes - sizeBytes,
        ":max": MAX_PENDING_UPLOADS,
      })
    ) {
      return;
    }
    // Full by the counter: count the records (uploads that expired unconfirmed let go of
    // their bytes), and correct the counter only if its last reservation is long over.
    const held = heldByRecords(await ownFiles(userId), now);
    if (!fits(held)) throw refuse(held);
    const corrected = await write(userId, "SET #b = :b, #p = :p", "#at < :cutoff", {
      ":b": held.bytes,
      ":p": held.pending,
      ":cutoff": at - STALE_AFTER_MS,
    });
    if (!corrected) throw refuse(current);
  }
  throw new UnprocessableError(TOO_MANY_PENDING_MESSAGE);
}

/**
 * Gives back what a record held: its bytes, and its pending place if it was pending. Never
 * below zero: a counter corrected meanwhile may hold less than this (it is counted again when
 * it says full).
 */
export async function releaseUpload(
  userId: string,
  held: { bytes: number; pending: boolean },
): Promise<void> {
  const pending = held.pending ? 1 : 0;
  await write(userId, "ADD #b :minusBytes, #p :minusPending", "#b >= :bytes AND #p >= :pending", {
    ":minusBytes": -held.bytes,
    ":minusPending": -pending,
    ":bytes": held.bytes,
    ":pending": pending,
  });
}

/** A pending upload became a confirmed file: its bytes stay, its pending place is free. */
export async function uploadConfirmed(userId: string): Promise<void> {
  await write(userId, "ADD #p :minus", "#p > :zero", { ":minus": -1, ":zero": 0 });
}

/** The bytes the counter holds (confirmed files and pending uploads), if it exists yet. */
export async function reservedBytes(userId: string): Promise<number | undefined> {
  return (await readCounter(userId))?.bytes;
}

/** Removes the counter: for erasing a customer, whose files it counted. */
export async function forgetStorage(userId: string): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: counterKey(userId) }),
  );
}
