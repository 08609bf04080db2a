/**
 * Review and approval of a site's draft, the team's side (docs/sites.md, "Review and
 * approval"): post a version for the customer to review (the next round, with a screenshot of
 * its preview). The team reads a site's rounds as the customer does (index.ts `get`) and lists
 * the change requests waiting on it in requests.ts, so those routes carry neither the outbound
 * guard nor the jobs queue.
 */

import * as Activities from "../activities/index";
import {
  assertPublicUrl,
  isAllowlisted,
  outboundAllowHostsFromConfig,
} from "../adapters/outbound-guard";
import { sendJob } from "../adapters/queue";
import {
  REVIEW_MESSAGES,
  type ReviewRound,
  type ReviewRoundCreate,
  reviewRoundCreateSchema,
} from "../contracts/review";
import { db } from "../db/service";
import { ConflictError, DomainError, UnprocessableError } from "../errors";
import { emit } from "../events/emit";
import { readyPreviewUrl } from "../hosting/deployments";
import { getItem } from "../sites/item";
import { actionItem, type StaffActor } from "../staff/audit-log";
import { REVIEW_ROUND_LIMIT, toReviewRound } from "./index";

declare module "../adapters/queue" {
  interface JobMessages {
    /** A screenshot of one review round's preview (review/screenshot.ts). */
    "review-screenshot": { userId: string; siteId: string; round: number };
  }
}

export const REVIEW_STAFF_ERRORS = {
  withCustomer: (round: number) =>
    `Version ${round} is still with the customer: wait for their answer before posting another`,
  postedMeanwhile: "Another version was posted meanwhile; reload the page",
  limitReached: (limit: number) => `The plan includes ${limit} review rounds, all used`,
} as const;

/**
 * The preview must be a public https page: the customer opens it and the jobs worker's browser
 * loads it. The outbound guard decides "public" (its allowlist, empty in production, lets the
 * local stack's tests serve previews from 127.0.0.1, over plain http too).
 */
async function checkPreviewUrl(previewUrl: string): Promise<string> {
  const allowHosts = await outboundAllowHostsFromConfig();
  const url = new URL(previewUrl);
  if (url.protocol !== "https:" && !isAllowlisted(url, allowHosts)) {
    throw new UnprocessableError(REVIEW_MESSAGES.previewHttps, {
      previewUrl: REVIEW_MESSAGES.previewHttps,
    });
  }
  try {
    return (await assertPublicUrl(previewUrl, { allowHosts })).href;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new UnprocessableError(error.message, { previewUrl: error.message });
  }
}

/**
 * POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds: "Ready for review". The
 * next round, the site's copy of it and the audit entry in one transaction, only if no other
 * version was posted meanwhile; then its screenshot is queued and the customer told.
 */
export async function postRound(
  actor: StaffActor,
  userId: string,
  siteId: string,
  input: ReviewRoundCreate,
): Promise<ReviewRound> {
  const { previewUrl: written, deploymentId, note } = reviewRoundCreateSchema.parse(input);
  const site = await getItem(userId, siteId);
  const current = site.reviewRound ?? 0;
  if (current > 0 && site.reviewOutcome === "pending") {
    throw new ConflictError(REVIEW_STAFF_ERRORS.withCustomer(current));
  }
  if (REVIEW_ROUND_LIMIT !== null && current >= REVIEW_ROUND_LIMIT) {
    throw new ConflictError(REVIEW_STAFF_ERRORS.limitReached(REVIEW_ROUND_LIMIT));
  }
  // A deployment's preview address is the portal's own: no outbound check to pass.
  const previewUrl = deploymentId
    ? await readyPreviewUrl(userId, siteId, deploymentId)
    : await checkPreviewUrl(written ?? "");
  const round = current + 1;
  const postedAt = new Date().toISOString();
  const { data: previous } = current
    ? await db.entities.reviewRound.get({ userId, siteId, round: current }).go({ consistent: true })
    : { data: null };

  const { canceled } = await db.transaction
    .write(({ reviewRound, site: sites, staffAction }) => [
      reviewRound
        .create({
          userId,
          siteId,
          round,
          previewUrl,
          ...(note ? { note } : {}),
          postedById: actor.userId,
          ...(actor.email ? { postedByEmail: actor.email } : {}),
          postedAt,
          outcome: "pending",
          waitingOn: "customer",
        })
        .commit(),
      sites
        .patch({ userId, siteId })
        .set({ reviewRound: round, reviewOutcome: "pending" })
        .where((attr, op) =>
          current ? op.eq(attr.reviewRound, current) : op.notExists(attr.reviewRound),
        )
        .commit(),
      // The changes the customer asked for are answered by this version.
      ...(previous && previous.waitingOn !== "none"
        ? [
            reviewRound
              .patch({ userId, siteId, round: current })
              .set({ waitingOn: "none" })
              .composite({ postedAt: previous.postedAt })
              .commit(),
          ]
        : []),
      staffAction
        .create(
          actionItem(actor, {
            action: "site.review_round",
            targetType: "site",
            targetId: siteId,
            customerId: userId,
            before: current ? { reviewRound: current, reviewOutcome: site.reviewOutcome } : null,
            after: { reviewRound: round, previewUrl, ...(deploymentId ? { deploymentId } : {}) },
          }),
        )
        .commit(),
    ])
    .go();
  if (canceled) throw new ConflictError(REVIEW_STAFF_ERRORS.postedMeanwhile);

  // The team's request: no customer limit holds it back; one job per round.
  await sendJob({ kind: "review-screenshot", userId, siteId, round });
  await emit({
    type: "site.review_requested",
    userId,
    siteId,
    siteName: site.name,
    round,
    previewUrl,
  });
  await Activities.record(userId, {
    type: "review_requested",
    description: `Version ${round} of ${site.name} is ready for your review`,
    siteId,
  });
  const { data: posted } = await db.entities.reviewRound
    .get({ userId, siteId, round })
    .go({ consistent: true });
  if (!posted) throw new ConflictError(REVIEW_STAFF_ERRORS.postedMeanwhile);
  return toReviewRound(posted);
}
