/**
 * The mail port: one call, Amazon SES's SESv2 SendEmail with the whole MIME message (Raw),
 * built here with nodemailer's MailComposer so the HTML and text parts and the
 * List-Unsubscribe headers are exactly what we wrote. Locally AWS_ENDPOINT_URL_SESV2 points the
 * same SDK at the local stack's SES stand-in, which hands the message to its SMTP inbox
 * (docs/notifications.md).
 */
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { Config } from "sst/node/config";
import { readBinding } from "./bindings";

declare module "sst/node/config" {
  export interface ParameterResources {
    MAIL_FROM: { value: string };
    SES_CONFIGURATION_SET: { value: string };
  }
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * One-click unsubscribe address (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post. None
   * for a mail to someone who subscribed to nothing (an invitation, docs/team.md).
   */
  unsubscribeUrl?: string;
  /** Our event id, carried as a header so a message can be traced to what caused it. */
  eventId: string;
}

let client: SESv2Client | undefined;
const ses = () => {
  client ??= new SESv2Client({});
  return client;
};

/** The optional configuration set: none is sent when the stage has none. */
function configurationSetName(): string {
  try {
    return (Config.SES_CONFIGURATION_SET ?? "").trim();
  } catch {
    return "";
  }
}

/**
 * The sender, read now: unset or empty fails loudly (MissingBindingError) before SES is asked
 * (adapters/bindings.ts).
 */
export function mailFrom(): string {
  return readBinding("mailer", () => Config.MAIL_FROM?.trim());
}

/** The raw MIME message (exported for tests that look at the headers). */
export async function composeMail(from: string, mail: OutgoingMail): Promise<Buffer> {
  return new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Written here: MailComposer leaves the `list` option to nodemailer's transports.
    headers: {
      ...(mail.unsubscribeUrl
        ? {
            "List-Unsubscribe": `<${mail.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          }
        : {}),
      "X-Portal-Event-Id": mail.eventId,
    },
  })
    .compile()
    .build();
}

/** Sends one mail; answers SES's message id. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const from = mailFrom();
  const configurationSet = configurationSetName();
  const sent = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [mail.to] },
      Content: { Raw: { Data: await composeMail(from, mail) } },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
  );
  if (!sent.MessageId) throw new Error("SES answered no message id");
  return sent.MessageId;
}
