/**
 * Review and approval of a site's draft (docs/sites.md, "Review and approval"): what the
 * customer's review page and the console's review panel send and read.
 *
 * Imported by the web bundle too: zod and other contracts only.
 */
import { REVIEW_OUTCOMES, REVIEW_WAITING_ON } from "../sites/enums";
import { actedBySchema } from "./attribution";
import { attachmentIdsSchema, attachmentSchema } from "./content";
import { text } from "./text";
import * as z from "./zod";

export const REVIEW_CHANGE_MAX = 2000;
export const REVIEW_CHANGES_MAX_ITEMS = 30;
export const REVIEW_NOTE_MAX = 2000;
export const APPROVAL_OVERRIDE_MIN = 10;
export const APPROVAL_OVERRIDE_MAX = 1000;

export const REVIEW_MESSAGES = {
  previewHttps: "Enter the preview's https:// address",
  previewRequired: "Enter the preview's https:// address or pick a deployment",
  changesRequired: "List at least one change",
  changeRequired: "Describe the change",
  overrideTooShort: `Write at least ${APPROVAL_OVERRIDE_MIN} characters`,
} as const;

/** One requested change: free text, and the customer's files that show what is meant. */
export const reviewChangeSchema = z.object({
  text: z.string(),
  /**
   * The customer's files attached to it (docs/sites.md, "Review and approval"); a file deleted
   * since is left out.
   */
  attachments: z.array(attachmentSchema),
});
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

/** One version the team posted and the customer's answer to it. */
export const reviewRoundSchema = z.object({
  round: z.number().check(z.int(), z.gte(1)),
  previewUrl: z.string(),
  /** A presigned GET URL of the preview's screenshot, null until it is taken. */
  screenshotUrl: z.nullable(z.string()),
  screenshotAt: z.nullable(z.string()),
  /** Why no screenshot could be taken, when none could. */
  screenshotError: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** The team member who posted it (their e-mail address). */
  postedBy: z.nullable(z.string()),
  postedAt: z.string(),
  outcome: z.enum(REVIEW_OUTCOMES),
  waitingOn: z.enum(REVIEW_WAITING_ON),
  respondedAt: z.nullable(z.string()),
  /** The member who approved or asked for changes; null while pending (docs/team.md). */
  answeredBy: actedBySchema,
  changes: z.array(reviewChangeSchema),
});
export type ReviewRound = z.infer<typeof reviewRoundSchema>;

/** A site's review: its rounds newest first; `current` is the latest round's number. */
export const siteReviewSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  siteStatus: z.string(),
  current: z.nullable(z.number().check(z.int())),
  /**
   * Rounds the customer's plan includes; null: no limit (docs/decisions.md, "Review rounds
   * are not limited").
   */
  roundLimit: z.nullable(z.number().check(z.int())),
  rounds: z.array(reviewRoundSchema),
});
export type SiteReview = z.infer<typeof siteReviewSchema>;

/** What a site's view says of its review: the current round and where it stands, or null. */
export const siteReviewStateSchema = z.nullable(
  z.object({ round: z.number().check(z.int()), outcome: z.enum(REVIEW_OUTCOMES) }),
);

/** Path parameters of /api/sites/{id}/review/rounds/{round}/…: a round number. */
export const reviewRoundParamsSchema = z.object({
  id: z.string(),
  round: z.coerce.number().check(z.int(), z.gte(1), z.lte(9999)),
});

/** POST /api/sites/{id}/review/rounds/{round}/changes */
export const reviewChangesRequestSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        text: text("Change", { multiline: true }).check(
          z.minLength(1, REVIEW_MESSAGES.changeRequired),
          z.maxLength(REVIEW_CHANGE_MAX, `At most ${REVIEW_CHANGE_MAX} characters`),
        ),
        /** The customer's own confirmed files (content/files.ts attachableFiles). */
        attachments: attachmentIdsSchema,
      }),
    )
    .check(
      z.minLength(1, REVIEW_MESSAGES.changesRequired),
      z.maxLength(
        REVIEW_CHANGES_MAX_ITEMS,
        `At most ${REVIEW_CHANGES_MAX_ITEMS} changes per round`,
      ),
    ),
});
export type ReviewChangesRequest = z.input<typeof reviewChangesRequestSchema>;

/** POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds: a new version. */
export const reviewRoundCreateSchema = z
  .strictObject({
    /** A typed address, for a site hosted elsewhere; with `deploymentId`, the deployment's wins. */
    previewUrl: z.optional(
      text("Preview URL").check(
        z.maxLength(2000, { error: "At most 2000 characters" }),
        z.refine((value) => URL.canParse(value), { error: REVIEW_MESSAGES.previewHttps }),
      ),
    ),
    /**
     * One of the site's ready deployments (docs/hosting.md): the round's preview URL is then
     * its preview address, and the review screenshot is taken of it.
     */
    deploymentId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    note: z.optional(
      text("Note", { multiline: true }).check(
        z.maxLength(REVIEW_NOTE_MAX, `At most ${REVIEW_NOTE_MAX} characters`),
      ),
    ),
  })
  .check(
    z.refine((round) => Boolean(round.previewUrl || round.deploymentId), {
      error: REVIEW_MESSAGES.previewRequired,
      path: ["previewUrl"],
    }),
  );
export type ReviewRoundCreate = z.input<typeof reviewRoundCreateSchema>;

/** The console's list of change requests: rounds waiting on the team, oldest first. */
export const reviewRequestSchema = z.object({
  userId: z.string(),
  siteId: z.string(),
  siteName: z.nullable(z.string()),
  customerEmail: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  round: z.number().check(z.int()),
  respondedAt: z.nullable(z.string()),
  /** The member who asked for the changes (docs/team.md, "Who did it"). */
  answeredBy: actedBySchema,
  changes: z.array(reviewChangeSchema),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
export const reviewRequestsPageSchema = z.object({
  items: z.array(reviewRequestSchema),
  cursor: z.nullable(z.string()),
});

/** Going live without the customer's approval: the team's reason, audited and sent to them. */
export const approvalOverrideSchema = text("Reason", { multiline: true }).check(
  z.minLength(APPROVAL_OVERRIDE_MIN, REVIEW_MESSAGES.overrideTooShort),
  z.maxLength(APPROVAL_OVERRIDE_MAX, `At most ${APPROVAL_OVERRIDE_MAX} characters`),
);
