/**
 * The queue message of an SEO or Lighthouse run, written once: the API side sends it
 * (requests.ts), the worker parses it (packages/functions/src/workers/seo.ts, lighthouse.ts)
 * and hands it to executeJob (worker.ts). Only the keys travel; the job record holds the rest.
 * zod only, so the worker's message registry can import it without core's data layer.
 */
import type { JobMessage } from "../adapters/queue";
import * as z from "../contracts/zod";
import type { AuditKind } from "./enums";

export const auditJobMessageSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  jobId: z.string().check(z.minLength(1)),
});
export type AuditJobMessage = z.output<typeof auditJobMessageSchema>;

declare module "../adapters/queue" {
  interface JobMessages {
    seo: AuditJobMessage;
    lighthouse: AuditJobMessage;
  }
}

/** The message to send for a stored job, checked against the schema the worker parses with. */
export function auditJobMessage(kind: AuditKind, message: AuditJobMessage): JobMessage {
  return { kind, ...auditJobMessageSchema.parse(message) };
}
