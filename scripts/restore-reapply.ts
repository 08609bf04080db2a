/**
 * `npm run restore-reapply -- --table <table> --bucket <bucket> [--since <time>] [--dry-run]`:
 * after a point-in-time restore, applies again every erasure and revocation recorded since
 * `--since` (the restore's time) under `tombstones/` of the private bucket
 * (packages/core/src/adapters/tombstones.ts; docs/operations.md, "Re-applying erasures and
 * revocations after a restore"). Each is safe to apply again: an account already gone, a key
 * not in the restored table or revoked there already, is said and left.
 *
 * `--table` is the restored table's name, `--bucket` the stage's private bucket (the
 * Storage stack's Screenshots bucket). AWS credentials and region come from the environment,
 * as for the aws CLI. Locally (tests), the bindings the local stack sets are used instead.
 */
import { parseArgs } from "node:util";
import type { Tombstone } from "@portal/core/adapters/tombstones";

const USAGE = `Usage: npm run restore-reapply -- --table <restored table> --bucket <private bucket> [--since <ISO time>] [--dry-run]`;

export interface Reapplied {
  tombstone: Tombstone;
  /** What was done: "erased", "revoked", "already gone", "not in the table", or "would …" on a dry run. */
  outcome: string;
}

/**
 * Applies the tombstones since `since` to the table the bindings name. Erasures first run as
 * the erasure job does (without asking Stripe, which was asked when it ran, or Clerk, whose
 * identity is gone already); access revocations revoke every key and endpoint again; a key's
 * revocation revokes that key. Applying records each again (harmless).
 */
export async function reapply(
  options: { since?: Date; dryRun?: boolean } = {},
): Promise<Reapplied[]> {
  const { db } = await import("@portal/core/db/service");
  const { eraseAccountData } = await import("@portal/core/privacy/erase-account");
  const { revokeAccess } = await import("@portal/core/privacy/offboard");
  const ApiKeys = await import("@portal/core/developer/api-keys");
  const { readTombstones } = await import("@portal/core/adapters/tombstones");
  const done: Reapplied[] = [];
  for (const tombstone of await readTombstones(options.since)) {
    const { data: user } = await db.entities.user
      .get({ userId: tombstone.userId })
      .go({ consistent: true });
    let outcome: string;
    if (tombstone.kind === "erasure") {
      if (!user) outcome = "already gone";
      else if (options.dryRun) outcome = "would erase";
      else {
        await eraseAccountData(tombstone.userId, user);
        outcome = "erased";
      }
    } else if (tombstone.kind === "access") {
      if (options.dryRun) outcome = "would revoke every key and endpoint";
      else {
        const { keysRevoked, endpointsDisabled } = await revokeAccess(
          tombstone.userId,
          tombstone.reason,
        );
        outcome = `revoked ${keysRevoked} key(s), turned ${endpointsDisabled} endpoint(s) off`;
      }
    } else {
      const { data: key } = await db.entities.apiKey
        .get({ userId: tombstone.userId, apiKeyId: tombstone.apiKeyId })
        .go({ consistent: true });
      if (!key) outcome = "not in the table";
      else if (!key.isActive) outcome = "revoked already";
      else if (options.dryRun) outcome = "would revoke";
      else {
        await ApiKeys.revoke(tombstone.userId, tombstone.apiKeyId);
        outcome = "revoked";
      }
    }
    done.push({ tombstone, outcome });
  }
  return done;
}

async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      table: { type: "string" },
      bucket: { type: "string" },
      since: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return console.log(USAGE);
  if (!values.table || !values.bucket) throw new Error(USAGE);
  const since = values.since ? new Date(values.since) : undefined;
  if (since && Number.isNaN(since.getTime()))
    throw new Error(`--since: not a time: ${values.since}`);
  // The bindings core reads (sst/node's variables), before core is loaded.
  process.env.SST_Table_tableName_Main = values.table;
  process.env.SST_Bucket_bucketName_Screenshots = values.bucket;
  const done = await reapply({ since, dryRun: values["dry-run"] });
  for (const { tombstone, outcome } of done) {
    const what = tombstone.kind === "api-key" ? `key ${tombstone.apiKeyId} of` : tombstone.kind;
    console.log(`${tombstone.at}  ${what} ${tombstone.userId}: ${outcome}`);
  }
  console.log(`${done.length} tombstone(s) since ${since?.toISOString() ?? "the first"}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
