/**
 * A site's lifecycle, moved by the team: requested → development → in_progress → live (and
 * back), with its working and live addresses. Going live tells the customer (a site_deployed
 * activity) and measures the live site: a fresh screenshot, and a mobile Lighthouse run whose
 * performance score becomes the site's own (audits/worker.ts).
 */
import * as Activities from "../activities/index";
import * as Audits from "../audits/requests";
import { lighthouseAnalyzeRequestSchema } from "../contracts/audit-jobs";
import type { StaffSiteLifecycle, StaffSiteUpdate } from "../contracts/staff";
import { db, isId, type SiteItem } from "../db/service";
import { ConflictError, NotFoundError, RateLimitError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import { goLiveRefusal } from "../review/rules";
import * as Screenshots from "../sites/screenshots";
import { actionItem, changedFields, type StaffActor } from "./audit-log";

const LIVE_NEEDS_URL = "A live site needs its live URL";

/** Answers the fields it sets, as saved; the console refetches the site's full view. */
export async function update(
  actor: StaffActor,
  userId: string,
  siteId: string,
  input: StaffSiteUpdate,
): Promise<StaffSiteLifecycle> {
  if (!isId(siteId)) throw new NotFoundError("Site not found");
  const { data: site } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!site) throw new NotFoundError("Site not found");

  const next = {
    status: input.status ?? site.status,
    url: input.url === undefined ? site.url : input.url || undefined,
    liveUrl: input.liveUrl === undefined ? site.liveUrl : input.liveUrl || undefined,
  };
  if (next.status === "live") {
    if (!next.liveUrl) throw new UnprocessableError(LIVE_NEEDS_URL, { liveUrl: LIVE_NEEDS_URL });
    // A live site is measured at once: its address must be one the audit worker may visit.
    const auditable = lighthouseAnalyzeRequestSchema.safeParse({ url: next.liveUrl, siteId });
    if (!auditable.success) {
      const message = auditable.error.issues[0]?.message ?? "This address cannot be measured";
      throw new UnprocessableError(message, { liveUrl: message });
    }
  }
  // Going live needs the customer's approval of the current draft, or the team's written
  // reason (docs/sites.md, "Review and approval").
  const goesLive = next.status === "live" && site.status !== "live";
  const overridden =
    goesLive && site.reviewOutcome !== "approved" ? input.approvalOverride : undefined;
  if (goesLive) {
    const refusal = goLiveRefusal(site, input.approvalOverride);
    if (refusal) throw new ConflictError(refusal, { approvalOverride: refusal });
  }

  const cleared = (["url", "liveUrl"] as const).filter((key) => input[key] === "");
  // The change and its audit entry in one transaction (docs/security.md).
  const { canceled } = await db.transaction
    .write(({ site: sites, staffAction }) => {
      let patch = sites.patch({ userId, siteId }).set({
        status: next.status,
        ...(next.url ? { url: next.url } : {}),
        ...(next.liveUrl ? { liveUrl: next.liveUrl } : {}),
      });
      if (cleared.length) patch = patch.remove(cleared);
      // Going live rests on the review as it was read: the round and its outcome must still be
      // those, or the change is refused (a customer asking for changes meanwhile wins).
      if (goesLive) {
        patch = patch.where((attr, op) =>
          [
            op.eq(attr.status, site.status),
            site.reviewRound === undefined
              ? op.notExists(attr.reviewRound)
              : op.eq(attr.reviewRound, site.reviewRound),
            site.reviewOutcome === undefined
              ? op.notExists(attr.reviewOutcome)
              : op.eq(attr.reviewOutcome, site.reviewOutcome),
          ].join(" AND "),
        );
      }
      return [
        patch.commit(),
        staffAction
          .create(
            actionItem(actor, {
              action: "site.update",
              targetType: "site",
              targetId: siteId,
              customerId: userId,
              ...withOverride(
                changedFields(
                  { status: site.status, url: site.url ?? null, liveUrl: site.liveUrl ?? null },
                  { status: next.status, url: next.url ?? null, liveUrl: next.liveUrl ?? null },
                ),
                overridden,
              ),
            }),
          )
          .commit(),
      ];
    })
    .go();
  if (canceled) {
    const { data: now } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
    if (!now) throw new NotFoundError("Site not found");
    const message = "The site's review changed meanwhile: reload it and decide again";
    throw new ConflictError(message, { status: message });
  }
  const { data: updated } = await db.entities.site.get({ userId, siteId }).go({ consistent: true });
  if (!updated) throw new NotFoundError("Site not found");

  const wentLive =
    next.status === "live" && (site.status !== "live" || site.liveUrl !== next.liveUrl);
  if (site.status !== next.status) {
    await emit({
      type: "site.status_changed",
      userId,
      siteId,
      siteName: updated.name,
      from: site.status,
      to: next.status,
    });
  }
  if (wentLive && updated.liveUrl) await announceLive(updated, updated.liveUrl, overridden);
  return {
    id: updated.siteId,
    name: updated.name,
    status: updated.status,
    url: updated.url ?? null,
    liveUrl: updated.liveUrl ?? null,
    updatedAt: updated.updatedAt,
  };
}

/** The audit entry of a go-live without approval carries the team's reason. */
function withOverride(
  changed: ReturnType<typeof changedFields>,
  approvalOverride: string | undefined,
) {
  return approvalOverride
    ? { before: changed.before, after: { ...changed.after, approvalOverride } }
    : changed;
}

export async function announceLive(site: SiteItem, liveUrl: string, approvalOverride?: string) {
  await emit({
    type: "site.live",
    userId: site.userId,
    siteId: site.siteId,
    siteName: site.name,
    liveUrl,
    ...(approvalOverride ? { approvalOverride } : {}),
  });
  if (approvalOverride) {
    await Activities.record(site.userId, {
      type: "review_overridden",
      description: `Our team took ${site.name} live without your approval of the draft: ${approvalOverride}`,
      siteId: site.siteId,
    });
  }
  await Activities.record(site.userId, {
    type: "site_deployed",
    description: `Your website ${site.name} is live at ${liveUrl}`,
    siteId: site.siteId,
  });
  // The team's request: the customer's preview limits do not hold it back.
  await Screenshots.requestOne(site, { byStaff: true });
  // A hosted site's address on the local stack (`.localhost`) is no address the audit takes.
  if (!lighthouseAnalyzeRequestSchema.safeParse({ url: liveUrl, siteId: site.siteId }).success) {
    return;
  }
  try {
    await Audits.requestLighthouse(site.userId, {
      url: liveUrl,
      strategy: "mobile",
      siteId: site.siteId,
    });
  } catch (error) {
    // The customer's own runs fill their hourly allowance: the score follows their next run.
    if (!(error instanceof RateLimitError)) throw error;
  }
}
