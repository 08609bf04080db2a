/**
 * The customer's own data (docs/privacy.md): the export of everything the portal holds about
 * them, and the deletion of their account. Shared by the API and the /settings page.
 */
import { DATA_EXPORT_STATUSES } from "../privacy/enums";
import * as z from "./zod";

/** GET and POST /api/account/export: the latest export, and a download link once it is ready. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  sizeBytes: z.nullable(z.number()),
  /** Until when the file can be downloaded (ISO); null until it is ready. */
  availableUntil: z.nullable(z.string()),
  /** A short-lived presigned link to the zip, while it is ready and kept. */
  downloadUrl: z.nullable(z.string()),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/export: null before the first request. */
export const dataExportStatusSchema = z.object({ export: z.nullable(dataExportSchema) });
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** What the customer types to confirm the deletion of their account. */
export const ACCOUNT_DELETE_CONFIRMATION = "DELETE";

/** DELETE /api/account. */
export const accountDeleteSchema = z.object({
  confirmation: z.string({ error: `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm` }).check(
    z.trim(),
    z.refine((value): boolean => value === ACCOUNT_DELETE_CONFIRMATION, {
      error: `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm`,
    }),
  ),
});
export type AccountDelete = z.infer<typeof accountDeleteSchema>;

/** The answer of DELETE /api/account (202): the erasure is queued and runs in moments. */
export const accountDeletionSchema = z.object({
  deleting: z.literal(true),
  /** Kept at the payment provider for its accounting; null when there was none. */
  stripeCustomerKept: z.nullable(z.string()),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** The answer of POST /api/webhooks/clerk: what became of the identity provider's event. */
export const identityEventReceiptSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(["handled", "ignored", "duplicate"]),
});
