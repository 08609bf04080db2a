/**
 * Review and approval of a site's draft (docs/sites.md, "Review and approval"): what the
 * customer's review page and the console's review panel send and read.
 *
 * Imported by the web bundle too: zod and other contracts only.
 */
import * as z from "zod";
import { REVIEW_OUTCOMES, REVIEW_WAITING_ON } from "../sites/enums";
import { attachmentIdsSchema, attachmentSchema } from "./content";
import { text } from "./text";

export const REVIEW_CHANGE_MAX = 2000;
export const REVIEW_CHANGES_MAX_ITEMS = 30;
export const REVIEW_NOTE_MAX = 2000;
export const APPROVAL_OVERRIDE_MIN = 10;
export const APPROVAL_OVERRIDE_MAX = 1000;

export const REVIEW_MESSAGES = {
  previewHttps: "Enter the preview's https:// address",
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
  round: z.number().int().min(1),
  previewUrl: z.string(),
  /** A presigned GET URL of the preview's screenshot, null until it is taken. */
  screenshotUrl: z.string().nullable(),
  screenshotAt: z.string().nullable(),
  /** Why no screenshot could be taken, when none could. */
  screenshotError: z.string().nullable(),
  note: z.string().nullable(),
  /** The team member who posted it (their e-mail address). */
  postedBy: z.string().nullable(),
  postedAt: z.string(),
  outcome: z.enum(REVIEW_OUTCOMES),
  waitingOn: z.enum(REVIEW_WAITING_ON),
  respondedAt: z.string().nullable(),
  changes: z.array(reviewChangeSchema),
});
export type ReviewRound = z.infer<typeof reviewRoundSchema>;

/** A site's review: its rounds newest first; `current` is the latest round's number. */
export const siteReviewSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  siteStatus: z.string(),
  current: z.number().int().nullable(),
  /**
   * Rounds the customer's plan includes; null: no limit (docs/decisions.md, "Review rounds
   * are not limited").
   */
  roundLimit: z.number().int().nullable(),
  rounds: z.array(reviewRoundSchema),
});
export type SiteReview = z.infer<typeof siteReviewSchema>;

/** What a site's view says of its review: the current round and where it stands, or null. */
export const siteReviewStateSchema = z
  .object({ round: z.number().int(), outcome: z.enum(REVIEW_OUTCOMES) })
  .nullable();

/** Path parameters of /api/sites/{id}/review/rounds/{round}/…: a round number. */
export const reviewRoundParamsSchema = z.object({
  id: z.string(),
  round: z.coerce.number().int().min(1).max(9999),
});

/** POST /api/sites/{id}/review/rounds/{round}/changes */
export const reviewChangesRequestSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        text: text("Change", { multiline: true })
          .min(1, REVIEW_MESSAGES.changeRequired)
          .max(REVIEW_CHANGE_MAX, `At most ${REVIEW_CHANGE_MAX} characters`),
        /** The customer's own confirmed files (content/files.ts attachableFiles). */
        attachments: attachmentIdsSchema,
      }),
    )
    .min(1, REVIEW_MESSAGES.changesRequired)
    .max(REVIEW_CHANGES_MAX_ITEMS, `At most ${REVIEW_CHANGES_MAX_ITEMS} changes per round`),
});
export type ReviewChangesRequest = z.input<typeof reviewChangesRequestSchema>;

/** POST /api/staff/customers/{userId}/sites/{siteId}/review/rounds: a new version. */
export const reviewRoundCreateSchema = z.strictObject({
  previewUrl: text("Preview URL")
    .max(2000, { error: "At most 2000 characters" })
    .refine((value) => URL.canParse(value), { error: REVIEW_MESSAGES.previewHttps }),
  note: text("Note", { multiline: true })
    .max(REVIEW_NOTE_MAX, `At most ${REVIEW_NOTE_MAX} characters`)
    .optional(),
});
export type ReviewRoundCreate = z.input<typeof reviewRoundCreateSchema>;

/** The console's list of change requests: rounds waiting on the team, oldest first. */
export const reviewRequestSchema = z.object({
  userId: z.string(),
  siteId: z.string(),
  siteName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerName: z.string().nullable(),
  round: z.number().int(),
  respondedAt: z.string().nullable(),
  changes: z.array(reviewChangeSchema),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;
export const reviewRequestsPageSchema = z.object({
  items: z.array(reviewRequestSchema),
  cursor: z.string().nullable(),
});

/** Going live without the customer's approval: the team's reason, audited and sent to them. */
export const approvalOverrideSchema = text("Reason", { multiline: true })
  .min(APPROVAL_OVERRIDE_MIN, REVIEW_MESSAGES.overrideTooShort)
  .max(APPROVAL_OVERRIDE_MAX, `At most ${APPROVAL_OVERRIDE_MAX} characters`);
