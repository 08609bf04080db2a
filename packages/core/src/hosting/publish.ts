/**
 * Publishing a deployment (docs/hosting.md "Publish and roll back"): one routing write makes it
 * what the site's hosts serve, then the site and the audit log record it.
 */
import type { Deployment, DeploymentPublish } from "../contracts/hosting";
import { deploymentPublishSchema } from "../contracts/hosting";
import { db } from "../db/service";
import { ConflictError } from "../errors";
import { emit } from "../events/emit";
import { goLiveRefusal } from "../review/rules";
import { getItem } from "../sites/item";
import { actionItem, type StaffActor } from "../staff/audit-log";
import { announceLive } from "../staff/sites";
import { item, NOT_SET_UP, productionUrlOf, toDeployment } from "./deployments";
import { writeLive } from "./routing-entries";

/**
 * Makes a ready deployment what the site's hosts serve (one routing write), then records it.
 * The first publish of a site that is not live is its go-live: the customer's approval of the
 * current round, or the team's written reason; the site's live URL becomes its production
 * address, and the go-live effects follow (activity, screenshot, Lighthouse, mails, webhooks).
 */
export async function publish(
  actor: StaffActor,
  userId: string,
  siteId: string,
  deploymentId: string,
  input: DeploymentPublish,
): Promise<Deployment> {
  const { approvalOverride } = deploymentPublishSchema.parse(input);
  const site = await getItem(userId, siteId);
  const deployment = await item(userId, siteId, deploymentId);
  if (deployment.status !== "ready") {
    throw new ConflictError("Only a ready deployment can be published");
  }
  const productionUrl = productionUrlOf(site);
  if (!productionUrl) throw new ConflictError(NOT_SET_UP);
  const goesLive = site.status !== "live";
  if (goesLive) {
    const refusal = goLiveRefusal(site, approvalOverride);
    if (refusal) throw new ConflictError(refusal, { approvalOverride: refusal });
  }
  const overridden = goesLive && site.reviewOutcome !== "approved" ? approvalOverride : undefined;
  // The custom domain, once verified, is the site's address; the production host serves too.
  const liveUrl =
    site.customDomain && site.domainStatus === "active"
      ? `https://${site.customDomain}/`
      : productionUrl;

  await writeLive(site, deployment);
  const publishedAt = new Date().toISOString();
  const previous = site.liveDeploymentId ?? null;
  await db.transaction
    .write(({ site: sites, deployment: deployments, staffAction }) => [
      sites
        .patch({ userId, siteId })
        .set({
          liveDeploymentId: deploymentId,
          livePublishedAt: publishedAt,
          liveUrl,
          ...(goesLive ? { status: "live" as const } : {}),
        })
        .commit(),
      deployments.patch({ userId, siteId, deploymentId }).set({ publishedAt }).commit(),
      staffAction
        .create(
          actionItem(actor, {
            action:
              previous && isEarlier(deploymentId, previous)
                ? "deployment.rollback"
                : "deployment.publish",
            targetType: "site",
            targetId: siteId,
            customerId: userId,
            before: { liveDeploymentId: previous, status: site.status },
            after: {
              liveDeploymentId: deploymentId,
              status: goesLive ? "live" : site.status,
              liveUrl,
              ...(overridden ? { approvalOverride: overridden } : {}),
            },
          }),
        )
        .commit(),
    ])
    .go();
  const updated = await getItem(userId, siteId);
  if (goesLive) {
    await emit({
      type: "site.status_changed",
      userId,
      siteId,
      siteName: updated.name,
      from: site.status,
      to: "live",
    });
  }
  if (goesLive || site.liveUrl !== liveUrl) await announceLive(updated, liveUrl, overridden);
  return toDeployment(await item(userId, siteId, deploymentId), updated);
}

/** ULIDs sort by time: an earlier id is an earlier upload. */
const isEarlier = (id: string, than: string) => id < than;
