/**
 * What the staff console keeps copies of from a customer's record, so its lists need not read
 * every customer (docs/console.md): the words the customer search finds them by
 * (customer-search.ts) and the email address on each of their tickets, which the inbox shows.
 * Both are written again whenever the record changes.
 */
import { db, type UserItem } from "../db/service";
import { reindexCustomer } from "./customer-search";

/** Rounds at most: each further round means the address changed while it was being copied. */
const COPY_ROUNDS = 3;

/**
 * Writes the customer's current address on every ticket of theirs that has another. The record
 * is read again afterwards: if the address changed meanwhile, the copy is made again.
 */
export async function copyEmailToTickets(userId: string): Promise<void> {
  for (let round = 1; round <= COPY_ROUNDS; round++) {
    const { data: user } = await db.entities.user.get({ userId }).go({ consistent: true });
    if (!user) return;
    const { data: tickets } = await db.entities.ticket.query
      .byOwner({ userId })
      .go({ consistent: true, pages: "all" });
    for (const ticket of tickets.filter((t) => t.customerEmail !== user.email)) {
      await db.entities.ticket
        .patch({ userId, ticketId: ticket.ticketId })
        .set({ customerEmail: user.email })
        .go();
    }
    const { data: after } = await db.entities.user.get({ userId }).go({ consistent: true });
    if (after?.email === user.email) return;
  }
  throw new Error(`The address of ${userId} kept changing while being copied to their tickets`);
}

/** Both copies of one customer made afresh. */
export async function refreshCustomerCopies(userId: string): Promise<void> {
  await reindexCustomer(userId);
  await copyEmailToTickets(userId);
}

/**
 * `refreshCustomerCopies` for a change the caller has already stored (a sign-in's new name): a
 * failure is logged rather than failing the customer's request, and `refreshAllCustomerCopies`
 * repairs it.
 */
export async function refreshCustomerCopiesOrLog(userId: string): Promise<void> {
  try {
    await refreshCustomerCopies(userId);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "staff console copies of a customer not written",
        userId,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}

/**
 * Every customer's copies made afresh, a page of customers at a time: for customers and tickets
 * from before the copies existed (docs/console.md), and to repair a logged failure.
 */
export async function refreshAllCustomerCopies(): Promise<number> {
  let cursor: string | null = null;
  let count = 0;
  do {
    const page: { data: UserItem[]; cursor: string | null } = await db.entities.user.query
      .byEmail({})
      .go({ cursor, limit: 100 });
    for (const user of page.data) await refreshCustomerCopies(user.userId);
    count += page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}
