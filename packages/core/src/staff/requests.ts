/** New requests: every customer's questionnaire, newest first, with its customer and site. */
import type { StaffRequest } from "../contracts/staff";
import { db } from "../db/service";
import { siteIdFor, toQuestionnaire } from "../questionnaires/index";
import { toCustomerSummary } from "./customers";
import { PAGE_SIZE } from "./paging";
import { usersById } from "./users";

export async function list(
  cursor: string | undefined,
): Promise<{ items: StaffRequest[]; cursor: string | null }> {
  const page = await db.entities.questionnaire.query
    .bySubmission({})
    .go({ order: "desc", limit: PAGE_SIZE, cursor: cursor ?? null });
  const users = await usersById(page.data.map((q) => q.userId));
  const siteKeys = page.data.map((q) => ({ userId: q.userId, siteId: siteIdFor(q) }));
  const { data: sites } = siteKeys.length
    ? await db.entities.site.get(siteKeys).go()
    : { data: [] };
  const siteOf = new Map(sites.map((site) => [site.siteId, site]));
  return {
    items: page.data.map((q) => {
      const user = users.get(q.userId);
      const site = siteOf.get(siteIdFor(q));
      return {
        questionnaire: toQuestionnaire(q),
        customer: user ? toCustomerSummary(user) : null,
        site: site ? { id: site.siteId, name: site.name, status: site.status } : null,
      };
    }),
    cursor: page.cursor ?? null,
  };
}
