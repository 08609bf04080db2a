/**
 * Files the mail records written before the console's "Mail sent" index under their account
 * (docs/console.md, "Mail sent"), for scripts/staff-console-backfill.ts. Safe to run again, and
 * while the notifications consumer settles the same records.
 */
import { createConversions } from "electrodb";
import { conditionalUpdate } from "../db/conditional-update";
import { db, type MailedEventItem } from "../db/service";

/** What a record needs for its keys: its own id, its account and when it was claimed. */
type MailRecordKeys = Pick<MailedEventItem, "eventId" | "userId" | "createdAt">;

/**
 * Writes the account index's keys on one record as a scan read it; true when they were written.
 * Only the two keys are written: the consumer patches the record's state meanwhile, and a put
 * of the copy read would undo it. ElectroDB computes the keys from the entity's own definition
 * but will not write them itself (`userId` and `createdAt` are read-only, so no update of its
 * recomputes the index). A record deleted since the scan is not made again, and one already
 * indexed (by another run) is left alone.
 */
export async function indexMailRecord(record: MailRecordKeys): Promise<boolean> {
  const entity = db.entities.mailedEvent;
  const { byEventId, byAccount } = entity.schema.indexes;
  const keys = createConversions(entity).byAccessPattern.byAccount.fromComposite.toKeys(
    { eventId: record.eventId, userId: record.userId, createdAt: record.createdAt },
    { strict: "all" },
  );
  const field = (name: string) => {
    const value = keys[name];
    if (typeof value !== "string") throw new Error(`No ${name} for mail record ${record.eventId}`);
    return value;
  };
  return conditionalUpdate({
    key: {
      [byEventId.pk.field]: field(byEventId.pk.field),
      [byEventId.sk.field]: field(byEventId.sk.field),
    },
    update: "SET #indexPk = :indexPk, #indexSk = :indexSk",
    condition: "attribute_exists(#pk) AND attribute_not_exists(#indexPk)",
    names: {
      "#pk": byEventId.pk.field,
      "#indexPk": byAccount.pk.field,
      "#indexSk": byAccount.sk.field,
    },
    values: { ":indexPk": field(byAccount.pk.field), ":indexSk": field(byAccount.sk.field) },
  });
}

/**
 * Every mail record without the account index's keys given them, a page of the entity's scan at
 * a time; answers how many were written (none on a second run).
 */
export async function indexEarlierMail(): Promise<number> {
  const indexPk = db.entities.mailedEvent.schema.indexes.byAccount.pk.field;
  let cursor: string | null = null;
  let indexed = 0;
  do {
    // With the keys, to skip the indexed records unwritten: the write's condition would refuse
    // them too, but each refusal costs a write.
    const page: { data: MailedEventItem[]; cursor: string | null } =
      await db.entities.mailedEvent.scan.go({ cursor, data: "includeKeys" });
    for (const record of page.data) {
      if ((record as Record<string, unknown>)[indexPk] !== undefined) continue;
      if (await indexMailRecord(record)) indexed++;
    }
    cursor = page.cursor;
  } while (cursor);
  return indexed;
}
