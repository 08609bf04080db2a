/**
 * The customer's own data (docs/privacy.md): the export of everything the portal holds about
 * them, and the deletion of their account. Shared by the API and the /settings page.
 */
import * as z from "zod";
import { DATA_EXPORT_STATUSES } from "../privacy/enums";

/** GET and POST /api/account/export: the latest export, and a download link once it is ready. */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  /** Until when the file can be downloaded (ISO); null until it is ready. */
  availableUntil: z.string().nullable(),
  /** A short-lived presigned link to the zip, while it is ready and kept. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/export: null before the first request. */
export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** What the customer types to confirm the deletion of their account. */
export const ACCOUNT_DELETE_CONFIRMATION = "DELETE";

/** DELETE /api/account. */
export const accountDeleteSchema = z.object({
  confirmation: z
    .string({ error: `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm` })
    .trim()
    // Typed as a plain check, not a type guard: the form's value is any string until sent.
    .refine((value): boolean => value === ACCOUNT_DELETE_CONFIRMATION, {
      error: `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm`,
    }),
});
export type AccountDelete = z.infer<typeof accountDeleteSchema>;

/** The answer of DELETE /api/account (202): the erasure is queued and runs in moments. */
export const accountDeletionSchema = z.object({
  deleting: z.literal(true),
  /** Kept at the payment provider for its accounting; null when there was none. */
  stripeCustomerKept: z.string().nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
