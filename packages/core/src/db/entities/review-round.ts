/**
 * One review round of a site's draft (docs/sites.md, "Review and approval"): the version the
 * team posted (preview URL, its screenshot), and the customer's answer to it (approved, or a
 * list of changes). Rounds are numbered 1, 2, … per site and live in the owner's partition
 * beside the site, so another customer's id finds none; the site item carries the current
 * round's number and outcome.
 */
import type { EntityItem } from "electrodb";
import { REVIEW_OUTCOMES, REVIEW_WAITING_ON } from "../../sites/enums";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model, updatedAt } from "./common";

export const ReviewRound = lazyEntity({
  model: model("reviewRound"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    siteId: { type: "string", required: true, readOnly: true },
    /** 1 for the first version; padded in the key so rounds sort by number. */
    round: { type: "number", required: true, readOnly: true, padding: { length: 4, char: "0" } },
    previewUrl: { type: "string", required: true, readOnly: true },
    /** The team's words to the customer about this version. */
    note: { type: "string", readOnly: true },
    postedById: { type: "string", required: true, readOnly: true },
    postedByEmail: { type: "string", readOnly: true },
    postedAt: { type: "string", required: true, readOnly: true },
    /** The preview's screenshot in the private bucket, under the site's prefix. */
    screenshotKey: { type: "string" },
    screenshotAt: { type: "string" },
    /** Why the screenshot could not be taken (the guard refused, the page answered 4xx…). */
    screenshotError: { type: "string" },
    outcome: { type: REVIEW_OUTCOMES, required: true, default: "pending" },
    waitingOn: { type: REVIEW_WAITING_ON, required: true, default: "customer" },
    respondedAt: { type: "string" },
    /**
     * The member who approved or asked for changes (docs/team.md, "Who did it"); absent while
     * pending and on answers older than teams (the account's first owner gave those).
     */
    answeredById: { type: "string" },
    /** The customer's requested changes, in their order. */
    changes: {
      type: "list",
      items: {
        type: "map",
        properties: {
          text: { type: "string", required: true },
          /** Ids of the customer's files (docs/sites.md, "Review and approval"). */
          attachments: { type: "list", items: { type: "string" } },
        },
      },
    },
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["siteId", "round"], casing: CASE_SENSITIVE },
    },
    /**
     * The console's list of change requests: every customer's rounds waiting on the team,
     * oldest first. An answer moves the item; ElectroDB needs postedAt with it
     * (`.composite({ postedAt })`).
     */
    byWaitingOn: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["waitingOn"], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: ["postedAt"], casing: CASE_SENSITIVE },
    },
  },
});

export type ReviewRoundItem = EntityItem<EntityOf<typeof ReviewRound>>;
