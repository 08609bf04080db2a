/**
 * Review and approval of a site's draft, the customer's side (docs/sites.md, "Review and
 * approval"): the rounds the team posted, and the customer's answer to the current one,
 * Approve or Request changes. Every function takes the caller's id first and reads through
 * the owner's partition, so another customer's site id is simply not found (404).
 */

import * as Activities from "../activities/index";
import { presignedGetUrl } from "../adapters/blobs";
import { type People, personRef } from "../attribution/people";
import { attachableFiles } from "../content/records";
import type { Attachment } from "../contracts/content";
import type { ReviewChangesRequest, ReviewRound, SiteReview } from "../contracts/review";
import { reviewChangesRequestSchema } from "../contracts/review";
import { db, type ReviewRoundItem, type SiteItem } from "../db/service";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { emit } from "../events/emit";
import { getItem } from "../sites/item";
import { answererOf, changesOf, roundAttachments, roundPeople } from "./changes";

export const REVIEW_ERRORS = {
  roundNotFound: "Review round not found",
  notCurrent: (round: number, current: number) =>
    `Version ${round} is not the current one: review version ${current}`,
  alreadyApproved: (round: number) => `You already approved version ${round}`,
  alreadyChanges: (round: number) => `You already asked for changes to version ${round}`,
  answeredMeanwhile: "This version was answered meanwhile; reload the page",
} as const;

/**
 * How many review rounds a plan includes: none of the plans promises a number, so there is no
 * limit (docs/decisions.md, "Review rounds are not limited").
 */
export const REVIEW_ROUND_LIMIT: number | null = null;

/**
 * A stored round as both sides read it; the screenshot through a presigned URL. `files` are
 * the attachments of its changes (roundAttachments) and `people` the member who answered
 * (roundPeople), each read for this round when not given.
 */
export async function toReviewRound(
  item: ReviewRoundItem,
  files?: ReadonlyMap<string, Attachment>,
  people?: People,
): Promise<ReviewRound> {
  return {
    round: item.round,
    previewUrl: item.previewUrl,
    screenshotUrl: item.screenshotKey ? await presignedGetUrl(item.screenshotKey) : null,
    screenshotAt: item.screenshotAt ?? null,
    screenshotError: item.screenshotError ?? null,
    note: item.note ?? null,
    postedBy: item.postedByEmail ?? null,
    postedAt: item.postedAt,
    outcome: item.outcome,
    waitingOn: item.waitingOn,
    respondedAt: item.respondedAt ?? null,
    answeredBy: personRef(answererOf(item), people ?? (await roundPeople([item]))),
    changes: changesOf(item, files ?? (await roundAttachments(item.userId, [item]))),
  };
}

/** Every round of one site, oldest first. */
export async function roundsOf(userId: string, siteId: string): Promise<ReviewRoundItem[]> {
  const { data } = await db.entities.reviewRound.query
    .byOwner({ userId, siteId })
    .go({ consistent: true, pages: "all" });
  return data;
}

/** The site's review with its rounds newest first (the customer's page and the console's panel). */
export async function reviewOf(site: SiteItem): Promise<SiteReview> {
  const rounds = await roundsOf(site.userId, site.siteId);
  const [files, people] = await Promise.all([
    roundAttachments(site.userId, rounds),
    roundPeople(rounds),
  ]);
  return {
    siteId: site.siteId,
    siteName: site.name,
    siteStatus: site.status,
    current: site.reviewRound ?? null,
    roundLimit: REVIEW_ROUND_LIMIT,
    rounds: await Promise.all(rounds.reverse().map((round) => toReviewRound(round, files, people))),
  };
}

/** GET /api/sites/{id}/review */
export async function get(userId: string, siteId: string): Promise<SiteReview> {
  return reviewOf(await getItem(userId, siteId));
}

/**
 * The round the customer answers, checked to be the current one and still open. An approval
 * of a round already approved answers `repeat` (approving twice changes nothing).
 */
async function openRound(
  userId: string,
  siteId: string,
  round: number,
  answer: "approved" | "changes_requested",
): Promise<{ site: SiteItem; item: ReviewRoundItem; repeat: boolean }> {
  const site = await getItem(userId, siteId);
  const { data: item } = await db.entities.reviewRound
    .get({ userId, siteId, round })
    .go({ consistent: true });
  if (!item) throw new NotFoundError(REVIEW_ERRORS.roundNotFound);
  if (site.reviewRound !== round) {
    throw new ConflictError(REVIEW_ERRORS.notCurrent(round, site.reviewRound ?? round));
  }
  if (item.outcome === "approved") {
    if (answer === "approved") return { site, item, repeat: true };
    throw new ConflictError(REVIEW_ERRORS.alreadyApproved(round));
  }
  if (item.outcome === "changes_requested") {
    throw new ConflictError(REVIEW_ERRORS.alreadyChanges(round));
  }
  return { site, item, repeat: false };
}

/**
 * The answer of the member `answeredById` and the site's copy of it in one transaction, each
 * only if nothing answered the round meanwhile: of two answers at once, one wins and the other
 * is a 409.
 */
async function answer(
  item: ReviewRoundItem,
  set: {
    outcome: "approved" | "changes_requested";
    waitingOn: "team" | "none";
    answeredById: string;
    changes?: ReviewRoundItem["changes"];
  },
): Promise<ReviewRoundItem> {
  const { userId, siteId, round } = item;
  const respondedAt = new Date().toISOString();
  const { canceled } = await db.transaction
    .write(({ reviewRound, site: sites }) => [
      reviewRound
        .patch({ userId, siteId, round })
        .set({ ...set, respondedAt })
        .composite({ postedAt: item.postedAt })
        .where((attr, op) => op.eq(attr.outcome, "pending"))
        .commit(),
      sites
        .patch({ userId, siteId })
        .set({ reviewOutcome: set.outcome })
        .where((attr, op) => op.eq(attr.reviewRound, round))
        .commit(),
    ])
    .go();
  if (canceled) throw new ConflictError(REVIEW_ERRORS.answeredMeanwhile);
  return { ...item, ...set, respondedAt };
}

/**
 * POST /api/sites/{id}/review/rounds/{round}/approve by the member `by`: idempotent for the
 * approved round (which keeps the member who approved it first).
 */
export async function approve(
  userId: string,
  siteId: string,
  round: number,
  by: string,
): Promise<ReviewRound> {
  const { site, item, repeat } = await openRound(userId, siteId, round, "approved");
  if (repeat) return toReviewRound(item);
  const approved = await answer(item, { outcome: "approved", waitingOn: "none", answeredById: by });
  await emit({ type: "site.approved", userId, actorId: by, siteId, siteName: site.name, round });
  // Every member reads the feed: it says what was done, and `actor` says who (docs/team.md).
  await Activities.record(userId, {
    type: "review_approved",
    description: `Approved version ${round} of ${site.name}`,
    siteId,
    actorId: by,
  });
  return toReviewRound(approved);
}

/**
 * A change's files must be the customer's own confirmed files (attachableFiles); its refusal
 * names the change's field, `changes.<index>.attachments`, as the contract's own errors do.
 */
async function attachedIds(userId: string, fileIds: readonly string[], index: number) {
  try {
    return (await attachableFiles(userId, fileIds)).map((file) => file.id);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.message, { [`changes.${index}.attachments`]: error.message });
  }
}

/** POST /api/sites/{id}/review/rounds/{round}/changes by the member `by`: the list goes to the team. */
export async function requestChanges(
  userId: string,
  siteId: string,
  round: number,
  input: ReviewChangesRequest,
  by: string,
): Promise<ReviewRound> {
  const { changes } = reviewChangesRequestSchema.parse(input);
  const { site, item } = await openRound(userId, siteId, round, "changes_requested");
  // Before any write: a change naming a file that is not the caller's stores nothing.
  const stored = await Promise.all(
    changes.map(async (change, index) => ({
      text: change.text,
      attachments: await attachedIds(userId, change.attachments, index),
    })),
  );
  const answered = await answer(item, {
    outcome: "changes_requested",
    waitingOn: "team",
    answeredById: by,
    changes: stored,
  });
  await emit({
    type: "site.changes_requested",
    userId,
    actorId: by,
    siteId,
    siteName: site.name,
    round,
    changes: changes.map((change) => change.text),
  });
  await Activities.record(userId, {
    type: "review_changes_requested",
    description: `Asked for ${changes.length} ${changes.length === 1 ? "change" : "changes"} to version ${round} of ${site.name}`,
    siteId,
    actorId: by,
  });
  return toReviewRound(answered);
}
