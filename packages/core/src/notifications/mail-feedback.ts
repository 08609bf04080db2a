/**
 * Bounces and complaints (docs/notifications.md, "Bounces and complaints"): SES publishes the
 * events of the configuration set the mailer sends with to an SNS topic, whose queue feeds the
 * mail-feedback consumer (stacks/mail-feedback.ts). A permanent bounce or a complaint turns mail
 * to that address off for good, with SES's reason kept on the user for staff to read; a
 * transient bounce (a full mailbox) changes nothing.
 */
import * as z from "../contracts/zod";
import { db } from "../db/service";

const recipients = z.array(
  z.object({ emailAddress: z.string(), diagnosticCode: z.optional(z.string()) }),
);

/** The part of SES's event-publishing record this reads (raw message delivery: no SNS envelope). */
export const sesEventSchema = z.discriminatedUnion("eventType", [
  z.object({
    eventType: z.literal("Bounce"),
    bounce: z.object({
      bounceType: z.string(),
      bounceSubType: z.optional(z.string()),
      bouncedRecipients: recipients,
      timestamp: z.string(),
    }),
  }),
  z.object({
    eventType: z.literal("Complaint"),
    complaint: z.object({
      complainedRecipients: recipients,
      complaintFeedbackType: z.optional(z.string()),
      timestamp: z.string(),
    }),
  }),
]);
export type SesEvent = z.infer<typeof sesEventSchema>;

export interface MailFeedback {
  reason: "bounce" | "complaint";
  at: string;
  /** Address → SES's words for it. */
  addresses: Map<string, string>;
}

/** What an event says to do, or null when it asks for nothing (a transient bounce). */
export function feedbackOf(event: SesEvent): MailFeedback | null {
  if (event.eventType === "Bounce") {
    // Only a permanent bounce means the address does not take mail; the others pass.
    if (event.bounce.bounceType !== "Permanent") return null;
    const kind = `Permanent bounce (${event.bounce.bounceSubType ?? "General"})`;
    return {
      reason: "bounce",
      at: event.bounce.timestamp,
      addresses: new Map(
        event.bounce.bouncedRecipients.map((r) => [
          r.emailAddress,
          r.diagnosticCode ? `${kind}: ${r.diagnosticCode}` : kind,
        ]),
      ),
    };
  }
  const kind = `Complaint (${event.complaint.complaintFeedbackType ?? "not stated"})`;
  return {
    reason: "complaint",
    at: event.complaint.timestamp,
    addresses: new Map(event.complaint.complainedRecipients.map((r) => [r.emailAddress, kind])),
  };
}

/** Turns mail off for every user with one of the addresses; answers how many users it did. */
export async function suppressMail(feedback: MailFeedback): Promise<number> {
  let suppressed = 0;
  for (const [address, detail] of feedback.addresses) {
    const email = address.trim().toLowerCase();
    const { data } = await db.entities.user.query
      .byEmail({})
      .begins({ email })
      .go({ pages: "all" });
    for (const user of data.filter((u) => u.email.toLowerCase() === email)) {
      await db.entities.user
        .patch({ userId: user.userId })
        .set({
          mailSuppressedReason: feedback.reason,
          mailSuppressedAt: feedback.at,
          mailSuppressedDetail: detail,
        })
        .go({ response: "none" });
      suppressed += 1;
    }
  }
  return suppressed;
}
