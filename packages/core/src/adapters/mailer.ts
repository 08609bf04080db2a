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
  /** One-click unsubscribe address (RFC 8058): List-Unsubscribe and List-Unsubscribe-Post. */
  unsubscribeUrl: string;
  /** Our event id, carried as a header so a message can be traced to what caused it. */
  eventId: string;
}

let client: SESv2Client | undefined;
const ses = () => {
  client ??= new SESv2Client({});
  return client;
};

function parameter(name: "MAIL_FROM" | "SES_CONFIGURATION_SET"): string {
  try {
    return (Config[name] ?? "").trim();
  } catch {
    return "";
  }
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
      "List-Unsubscribe": `<${mail.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Portal-Event-Id": mail.eventId,
    },
  })
    .compile()
    .build();
}

/** Sends one mail; answers SES's message id. */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  const from = parameter("MAIL_FROM");
  if (!from) throw new Error("MAIL_FROM is not configured");
  const configurationSet = parameter("SES_CONFIGURATION_SET");
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
