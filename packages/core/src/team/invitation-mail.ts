/**
 * The invitation mail (docs/team.md "Invitations"): to the invited address, with the link into
 * the SPA's acceptance page (/invitations/<token>), through the same SES path as every mail
 * (locally: the stack's inbox, docs/notifications.md).
 */
import type { Role } from "../access/roles";
import * as Mailer from "../adapters/mailer";
import { longDate } from "../long-date";
import { appUrl, productName } from "../notifications/mail-settings";
import { renderLetter } from "../notifications/render";

export interface InvitationMail {
  to: string;
  invitationId: string;
  token: string;
  accountName: string;
  invitedByName: string | null;
  role: Role;
  expiresAt: string;
}

/** The SPA's page for an invitation link. */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

const ROLE_WORDS: Record<Role, string> = {
  owner: "an owner (everything, billing and the team included)",
  member: "a member (the sites, their content and review, support, reports and tools)",
};

export function renderInvitationMail(
  mail: InvitationMail,
  context = { appUrl: appUrl(), productName: productName() },
) {
  const who = mail.invitedByName ?? "The account's owner";
  return renderLetter(
    {
      subject: `${who} invited you to ${mail.accountName} on ${context.productName}`,
      heading: `Join ${mail.accountName}`,
      paragraphs: [
        `${who} invited you to work with them in ${context.productName} as ${ROLE_WORDS[mail.role]}.`,
        `Accept with this address, ${mail.to}: sign in, or sign up if you have no login yet. The link works once, until ${longDate(mail.expiresAt)}.`,
        "Not expecting this? Ignore this mail and nothing happens.",
      ],
      action: { label: "Accept the invitation", path: invitationPath(mail.token) },
    },
    { email: mail.to },
    context,
  );
}

export async function sendInvitationMail(mail: InvitationMail): Promise<void> {
  const rendered = renderInvitationMail(mail);
  await Mailer.sendMail({
    to: mail.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    eventId: `invitation:${mail.invitationId}:${Date.now()}`,
  });
}
