/**
 * A file of the customer's content (docs/content.md): the record of one object under
 * `users/<userId>/content/` in the private bucket. Written "pending" when the upload is
 * presigned and "confirmed" once the API has checked the object; only confirmed files are
 * listed, counted against the quota in full and attachable. In the customer's partition, so
 * the account's erasure and data export take it with everything else.
 */
import type { EntityItem } from "electrodb";
import { FILE_PURPOSES } from "../../content/enums";
import { CASE_SENSITIVE, createdAt, type EntityOf, lazyEntity, model, updatedAt } from "./common";

export const FILE_STATES = ["pending", "confirmed"] as const;

export const ContentFile = lazyEntity({
  model: model("contentFile"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    fileId: { type: "string", required: true, readOnly: true },
    /** The site it belongs to, if any (the questionnaire's logo and attachments have none). */
    siteId: { type: "string" },
    name: { type: "string", required: true },
    contentType: { type: "string", required: true },
    sizeBytes: { type: "number", required: true },
    objectKey: { type: "string", required: true, readOnly: true },
    purpose: { type: FILE_PURPOSES, required: true },
    state: { type: FILE_STATES, required: true },
    uploadedBy: { type: ["customer", "staff"] as const, required: true },
    /**
     * The member who uploaded it (docs/team.md, "Who did it"); absent on staff uploads and on
     * files older than teams (the account's first owner uploaded those).
     */
    uploadedById: { type: "string", readOnly: true },
    /** The staff member who uploaded it (a proof), for the audit trail. */
    uploadedByStaffId: { type: "string" },
    /** Until when a pending upload may be confirmed (ISO): the presigned URL's expiry. */
    uploadExpiresAt: { type: "string" },
    confirmedAt: { type: "string" },
    /**
     * Epoch seconds, pending records only: the table's TTL removes an upload never confirmed a
     * day after it could last have been (content/storage-reservations.ts).
     */
    expiresAt: { type: "number" },
    createdAt,
    updatedAt,
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["fileId"], casing: CASE_SENSITIVE },
    },
  },
});

export type ContentFileItem = EntityItem<EntityOf<typeof ContentFile>>;
