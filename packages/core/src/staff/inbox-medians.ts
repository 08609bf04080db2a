/**
 * The medians that head the support inbox (response and resolution minutes of the tickets in one
 * status), kept as running counts instead of read from the tickets on every page
 * (docs/performance.md "`staff`", docs/decisions.md).
 *
 * One item per status holds how many of its tickets have each response time and each resolution
 * time, one numeric attribute per value (`response_42: 3`). Every write that changes a ticket's
 * status, response time or resolution time goes through `transactWithMedians`: the ticket's
 * write is conditioned on the three being what the writer read (`unchanged`), and the counts of
 * the old and the new status move with it by ADD in the same DynamoDB transaction. So two
 * writers at once cannot both count a change (one's condition fails and it decides again), and
 * a ticket is never moved without its counts.
 *
 * Minutes under 1,000 are counted exactly; longer times to three significant figures (1,234 is
 * counted as 1,230), which keeps an item at a few thousand attributes at most whatever the
 * table holds, and a median within 0.5 % of the exact one.
 */
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from "@aws-sdk/lib-dynamodb";
import { documentClient, tableName } from "../db/client";
import { isConditionFailure } from "../db/errors";
import { db, TICKET_STATUSES, type TicketItem, type TicketStatus } from "../db/service";

/** What the medians are taken of, and the prefix of its counts' attribute names. */
const MEASURES = { responseTime: "response_", resolutionTime: "resolution_" } as const;
type Measure = keyof typeof MEASURES;

/** The part of a ticket the medians depend on. */
export type MedianInputs = Pick<TicketItem, "status" | "responseTime" | "resolutionTime">;

const EXACT_BELOW = 1000;

/** The value a time is counted as: exact under 1,000 minutes, else three significant figures. */
export function countedAs(minutes: number): number {
  if (minutes < EXACT_BELOW) return minutes;
  const scale = 10 ** (Math.floor(Math.log10(minutes)) - 2);
  return Math.round(minutes / scale) * scale;
}

function itemKey(status: TicketStatus) {
  return { pk: "$portal#inboxMedians", sk: `status_${status}` };
}

/** Each status's net change of each count when a ticket goes from `before` to `after`. */
function countChanges(before: MedianInputs | null, after: MedianInputs | null) {
  const changes = new Map<TicketStatus, Map<string, number>>();
  const count = (ticket: MedianInputs, by: number) => {
    for (const [measure, prefix] of Object.entries(MEASURES) as [Measure, string][]) {
      const minutes = ticket[measure];
      if (minutes == null) continue;
      const counts = changes.get(ticket.status) ?? new Map<string, number>();
      const name = `${prefix}${countedAs(minutes)}`;
      counts.set(name, (counts.get(name) ?? 0) + by);
      changes.set(ticket.status, counts);
    }
  };
  if (before) count(before, -1);
  if (after) count(after, 1);
  return [...changes]
    .map(([status, counts]) => [status, [...counts].filter(([, by]) => by !== 0)] as const)
    .filter(([, counts]) => counts.length > 0);
}

/** The ADDs that move the counts of one ticket's change, as transaction items. */
export function medianUpdates(before: MedianInputs | null, after: MedianInputs | null) {
  return countChanges(before, after).map(([status, counts]) => ({
    Update: {
      TableName: tableName(),
      Key: itemKey(status),
      UpdateExpression: `ADD ${counts.map((_, i) => `#c${i} :c${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(counts.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(counts.map(([, by], i) => [`:c${i}`, by])),
    },
  }));
}

/** ElectroDB's `where` operations this module uses (method syntax: ElectroDB's are generic). */
interface WhereOperations {
  eq(attribute: unknown, value: unknown): string;
  notExists(attribute: unknown): string;
}
type MedianAttributes = Record<keyof MedianInputs, unknown>;

/**
 * The condition a ticket's write carries: its status and times are still those read, so the
 * counts moved with it are the right ones.
 */
export function unchanged(read: MedianInputs) {
  return (attr: MedianAttributes, op: WhereOperations) =>
    [
      op.eq(attr.status, read.status),
      read.responseTime == null
        ? op.notExists(attr.responseTime)
        : op.eq(attr.responseTime, read.responseTime),
      read.resolutionTime == null
        ? op.notExists(attr.resolutionTime)
        : op.eq(attr.resolutionTime, read.resolutionTime),
    ].join(" AND ");
}

/**
 * Writes a transaction (ElectroDB's `.params()` of it) with the count changes of one ticket going
 * from `before` to `after`. Null when written; when DynamoDB cancelled it, which of the
 * transaction's own items (in their order) had its condition refused.
 */
export async function transactWithMedians(
  /** ElectroDB's own type of it is looser than the SDK's; its items are the SDK's shape. */
  transaction: { TransactItems?: object[] },
  before: MedianInputs,
  /** Null when the transaction deletes the ticket. */
  after: MedianInputs | null,
): Promise<{ rejected: boolean[] } | null> {
  const own = transaction.TransactItems ?? [];
  const counts = medianUpdates(before, after);
  const [only] = own;
  if (counts.length === 0 && own.length === 1 && only && "Update" in only) {
    // Nothing to count and one write: a plain conditional update (a transaction costs double).
    try {
      await documentClient().send(new UpdateCommand(only.Update as UpdateCommandInput));
      return null;
    } catch (error) {
      if (isConditionFailure(error)) return { rejected: [true] };
      throw error;
    }
  }
  try {
    await documentClient().send(
      new TransactWriteCommand({
        ...transaction,
        TransactItems: [...own, ...counts],
      } as TransactWriteCommandInput),
    );
    return null;
  } catch (error) {
    if ((error as { name?: string }).name !== "TransactionCanceledException") throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    const rejected = own.map((_, i) => reasons?.[i]?.Code === "ConditionalCheckFailed");
    if (!rejected.some(Boolean)) throw error;
    return { rejected };
  }
}

/**
 * Deletes a customer's tickets with their counts, one transaction each (an account's erasure,
 * privacy/erase-account.ts). Safe to run again: a ticket already gone is passed over.
 */
export async function deleteTicketsCounted(tickets: TicketItem[]): Promise<void> {
  for (const ticket of tickets) {
    const key = { userId: ticket.userId, ticketId: ticket.ticketId };
    let read: TicketItem | null = ticket;
    for (let round = 1; read; round++) {
      const current: TicketItem = read;
      const write = db.transaction
        .write(({ ticket: tickets }) => [tickets.delete(key).where(unchanged(current)).commit()])
        .params();
      if (!(await transactWithMedians(write, current, null))) break;
      if (round === 3) throw new Error(`Ticket ${key.ticketId} kept changing while being deleted`);
      const { data } = await db.entities.ticket.get(key).go({ consistent: true });
      read = data;
    }
  }
}

function medianOf(counts: [number, number][]): number | null {
  const sorted = counts.filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const nth = (index: number) => {
    let seen = 0;
    for (const [value, n] of sorted) {
      seen += n;
      if (index < seen) return value;
    }
    throw new Error("unreachable: index within the total");
  };
  return total % 2 ? nth((total - 1) / 2) : (nth(total / 2 - 1) + nth(total / 2)) / 2;
}

function mediansOf(item: Record<string, unknown> | undefined) {
  const counts = (prefix: string) =>
    Object.entries(item ?? {}).flatMap(([name, n]) =>
      name.startsWith(prefix) && typeof n === "number"
        ? [[Number(name.slice(prefix.length)), n] as [number, number]]
        : [],
    );
  return {
    responseTime: medianOf(counts(MEASURES.responseTime)),
    resolutionTime: medianOf(counts(MEASURES.resolutionTime)),
  };
}

/** The medians of the tickets now in `status`: one small GetItem. */
export async function inboxMedians(status: TicketStatus) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: itemKey(status) }),
  );
  return mediansOf(Item);
}

/**
 * Counts every ticket afresh and replaces the items: for a table whose tickets were written
 * before the counts existed, or by a bulk load that wrote tickets directly. Tickets that change
 * while it runs may be counted wrongly, so it is run when staff are not working the inbox
 * (docs/console.md).
 */
export async function recountInboxMedians(): Promise<void> {
  for (const status of TICKET_STATUSES) {
    const { data } = await db.entities.ticket.query.byStatus({ status }).go({ pages: "all" });
    const counts = new Map<string, number>();
    for (const ticket of data) {
      for (const [, counted] of countChanges(null, ticket)) {
        for (const [name, by] of counted) counts.set(name, (counts.get(name) ?? 0) + by);
      }
    }
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...itemKey(status), ...Object.fromEntries(counts) },
      }),
    );
  }
}
