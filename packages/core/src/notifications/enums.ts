/**
 * Where a mail claim stands (docs/notifications.md, "Sent once"): `sending` while the consumer
 * holds it, then `sent` (SES accepted it), `skipped` (nothing to send, and why) or `rejected`
 * (SES refused it for good). Shared by the mailedEvent entity and the console's contract.
 */
export const MAILED_EVENT_STATES = ["sending", "sent", "skipped", "rejected"] as const;
export type MailedEventState = (typeof MAILED_EVENT_STATES)[number];
