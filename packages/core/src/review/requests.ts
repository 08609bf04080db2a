/**
 * The console's list of change requests waiting on the team (docs/sites.md, "Review and
 * approval"): oldest first, with the customer, the site and the files each change names.
 */
import { personRef } from "../attribution/people";
import type { ReviewRequest } from "../contracts/review";
import { db } from "../db/service";
import { PAGE_SIZE } from "../staff/paging";
import { usersById } from "../staff/users";
import { answererOf, changesOf, roundAttachments, roundPeople } from "./changes";

/** GET /api/staff/review-requests: every customer's change requests waiting on the team. */
export async function requests(
  cursor: string | undefined,
): Promise<{ items: ReviewRequest[]; cursor: string | null }> {
  const page = await db.entities.reviewRound.query
    .byWaitingOn({ waitingOn: "team" })
    .go({ order: "asc", limit: PAGE_SIZE, cursor: cursor ?? null });
  const [users, people] = await Promise.all([
    usersById(page.data.map((r) => r.userId)),
    roundPeople(page.data),
  ]);
  const siteKeys = page.data.map((r) => ({ userId: r.userId, siteId: r.siteId }));
  const { data: sites } = siteKeys.length
    ? await db.entities.site.get(siteKeys).go()
    : { data: [] };
  const names = new Map(sites.map((s) => [s.siteId, s.name]));
  // Attached files live in each customer's own partition: one read per customer on the page.
  const owners = [...new Set(page.data.map((r) => r.userId))];
  const filesByOwner = new Map(
    await Promise.all(
      owners.map(
        async (owner) =>
          [
            owner,
            await roundAttachments(
              owner,
              page.data.filter((r) => r.userId === owner),
            ),
          ] as const,
      ),
    ),
  );
  return {
    items: page.data.map((r) => {
      const user = users.get(r.userId);
      const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
      return {
        userId: r.userId,
        siteId: r.siteId,
        siteName: names.get(r.siteId) ?? null,
        customerEmail: user?.email ?? null,
        customerName: name || null,
        round: r.round,
        respondedAt: r.respondedAt ?? null,
        answeredBy: personRef(answererOf(r), people),
        changes: changesOf(r, filesByOwner.get(r.userId) ?? new Map()),
      };
    }),
    cursor: page.cursor ?? null,
  };
}
