/** Bought upgrades the team must deliver (the SEO package), oldest first, and their progress. */
import type { StaffUpsell } from "../contracts/staff";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { actionItem, changedFields, type StaffActor } from "./audit-log";
import { toStaffUpsell } from "./customers";
import { PAGE_SIZE } from "./paging";
import { usersById } from "./users";

export async function list(
  cursor: string | undefined,
): Promise<{ items: StaffUpsell[]; cursor: string | null }> {
  const page = await db.entities.upsell.query
    .byCreation({})
    .where((attr, op) => op.eq(attr.isPurchased, true))
    .go({ order: "asc", count: PAGE_SIZE, limit: PAGE_SIZE, cursor: cursor ?? null });
  const users = await usersById(page.data.map((u) => u.userId));
  const siteKeys = page.data.flatMap((u) =>
    u.siteId ? [{ userId: u.userId, siteId: u.siteId }] : [],
  );
  const { data: sites } = siteKeys.length
    ? await db.entities.site.get(siteKeys).go()
    : { data: [] };
  const names = new Map(sites.map((s) => [s.siteId, s.name]));
  return {
    items: page.data.map((u) =>
      toStaffUpsell(
        u,
        u.siteId ? (names.get(u.siteId) ?? null) : null,
        users.get(u.userId)?.email ?? null,
      ),
    ),
    cursor: page.cursor ?? null,
  };
}

export async function setWorkStatus(
  actor: StaffActor,
  userId: string,
  upsellId: string,
  workStatus: "started" | "done",
): Promise<StaffUpsell> {
  const { data: upsell } = await db.entities.upsell
    .get({ userId, upsellId })
    .go({ consistent: true });
  if (!upsell?.isPurchased) throw new NotFoundError("Upgrade not found");
  // The change and its audit entry in one transaction (docs/security.md).
  const { canceled } = await db.transaction
    .write(({ upsell: upsells, staffAction }) => [
      upsells.patch({ userId, upsellId }).set({ workStatus }).commit(),
      staffAction
        .create(
          actionItem(actor, {
            action: "upsell.update",
            targetType: "upsell",
            targetId: upsellId,
            customerId: userId,
            ...changedFields({ workStatus: upsell.workStatus ?? "not_started" }, { workStatus }),
          }),
        )
        .commit(),
    ])
    .go();
  if (canceled) throw new NotFoundError("Upgrade not found");
  const data = { workStatus };
  const users = await usersById([userId]);
  return toStaffUpsell({ ...upsell, ...data }, null, users.get(userId)?.email ?? null);
}
