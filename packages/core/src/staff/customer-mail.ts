/**
 * The mail the portal sent to a customer's account, as the console's "Mail sent" panel shows it
 * (docs/console.md): the notifications consumer's claims (mailedEvent), one per event and
 * recipient, newest first, a page at a time, each with its state and why.
 */
import { type People, peopleByIds, personRef } from "../attribution/people";
import { FORMER_MEMBER } from "../contracts/attribution";
import type { StaffMailRecord } from "../contracts/staff";
import { db, type MailedEventItem } from "../db/service";
import { claimRecipient } from "../notifications/recipients";
import { PAGE_SIZE } from "./paging";

export async function list(
  userId: string,
  cursor?: string,
): Promise<{ items: StaffMailRecord[]; cursor: string | null }> {
  const page = await db.entities.mailedEvent.query
    .byAccount({ userId })
    .go({ order: "desc", count: PAGE_SIZE, limit: PAGE_SIZE, cursor: cursor ?? null });
  // The recipients are named as they are now, in one read for the page.
  const people = await peopleByIds(page.data.map(claimRecipient));
  return {
    items: page.data.map((item) => toRecord(item, people)),
    cursor: page.cursor ?? null,
  };
}

function toRecord(item: MailedEventItem, people: People): StaffMailRecord {
  const recipientId = claimRecipient(item);
  return {
    id: item.eventId,
    eventType: item.type,
    state: item.state,
    reason: item.reason ?? null,
    messageId: item.messageId ?? null,
    recipient: personRef(recipientId, people) ?? { id: recipientId, name: FORMER_MEMBER },
    createdAt: item.createdAt,
  };
}
