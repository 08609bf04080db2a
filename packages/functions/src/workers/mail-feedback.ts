/**
 * The mail-feedback consumer: SES's bounce and complaint events, from the MailFeedback queue
 * the configuration set's SNS topic feeds (stacks/mail-feedback.ts), turn mail off for the
 * addresses they name (core/notifications/mail-feedback.ts). A record that is not such an event
 * is logged and dropped; one whose write failed goes back to the queue alone.
 */
import { feedbackOf, sesEventSchema, suppressMail } from "@portal/core/notifications/mail-feedback";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { writeRequestLog } from "../request-log";

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse["batchItemFailures"] = [];
  for (const record of event.Records) {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      body = undefined;
    }
    const parsed = sesEventSchema.safeParse(body);
    if (!parsed.success) {
      writeRequestLog({
        level: "warn",
        msg: "not an SES bounce or complaint",
        messageId: record.messageId,
      });
      continue;
    }
    const feedback = feedbackOf(parsed.data);
    if (!feedback) continue;
    try {
      const users = await suppressMail(feedback);
      writeRequestLog({ level: "info", msg: "mail turned off", reason: feedback.reason, users });
    } catch (error) {
      writeRequestLog({ level: "error", msg: "mail feedback not stored", error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
