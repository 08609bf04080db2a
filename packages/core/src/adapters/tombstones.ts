/**
 * Erasures and revocations recorded outside the table (docs/operations.md, "Re-applying
 * erasures and revocations after a restore"): a point-in-time restore brings back the table as
 * it was, erased accounts and revoked API keys included, but not the private bucket. So each
 * erasure, each revocation of a customer's access and each revoked API key also writes one
 * small object under `tombstones/`, which `npm run restore-reapply` reads after a restore and
 * applies again. The bucket's lifecycle removes them after TOMBSTONE_KEEP_DAYS (privacy/enums.ts), past the 35
 * days a point-in-time restore reaches back.
 *
 * They name ids only (the customer's, the key's) and when. The bucket's binding is read at first
 * use, so a function without the `tombstones:write` grant can import this module.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { TOMBSTONES_PREFIX } from "../privacy/enums";
import { readBinding } from "./bindings";
import { s3 } from "./s3";

export type Tombstone =
  /** The account was erased (privacy/erase-account.ts). */
  | { kind: "erasure"; userId: string; at: string }
  /** Every key of the account revoked, every endpoint off (privacy/offboard.ts). */
  | { kind: "access"; userId: string; reason: string; at: string }
  /** One API key revoked, by its customer or the team. */
  | { kind: "api-key"; userId: string; apiKeyId: string; at: string };

/** The object's key: one per erasure or account, one per key; writing it again is harmless. */
export function tombstoneKey(tombstone: Tombstone): string {
  const id =
    tombstone.kind === "api-key" ? `${tombstone.userId}/${tombstone.apiKeyId}` : tombstone.userId;
  return `${TOMBSTONES_PREFIX}${tombstone.kind}/${id}.json`;
}

type Recorded = Tombstone extends infer T ? (T extends Tombstone ? Omit<T, "at"> : never) : never;

/** Records an erasure or revocation, stamped now. */
export async function recordTombstone(tombstone: Recorded, now = new Date()): Promise<void> {
  const stamped = { ...tombstone, at: now.toISOString() } as Tombstone;
  await s3().send(
    new PutObjectCommand({
      Bucket: readBinding("tombstones"),
      Key: tombstoneKey(stamped),
      Body: JSON.stringify(stamped),
      ContentType: "application/json",
    }),
  );
}

function isTombstone(value: unknown): value is Tombstone {
  if (typeof value !== "object" || value === null) return false;
  const t = value as Record<string, unknown>;
  const text = (v: unknown) => typeof v === "string" && v.length > 0;
  if (!text(t.userId) || !text(t.at) || Number.isNaN(Date.parse(String(t.at)))) return false;
  if (t.kind === "erasure") return true;
  if (t.kind === "access") return typeof t.reason === "string";
  return t.kind === "api-key" && text(t.apiKeyId);
}

/**
 * Every tombstone recorded at or after `since`, oldest first (`npm run restore-reapply`; no
 * function's grant lets it list or read them).
 */
export async function readTombstones(since?: Date): Promise<Tombstone[]> {
  const bucket = readBinding("tombstones");
  const found: Tombstone[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: TOMBSTONES_PREFIX,
        ContinuationToken: token,
      }),
    );
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key }));
      const parsed: unknown = JSON.parse((await object.Body?.transformToString()) ?? "null");
      if (!isTombstone(parsed)) throw new Error(`${Key} is not a tombstone`);
      if (!since || Date.parse(parsed.at) >= since.getTime()) found.push(parsed);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found.sort((a, b) => a.at.localeCompare(b.at));
}
