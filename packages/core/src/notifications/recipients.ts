/**
 * Who a domain event's mail goes to (docs/notifications.md, "Who gets a mail"): the account's
 * current members, or its owners for billing, or the one member who asked; each with their own
 * record (address, bounce state) and their membership (their settings for this account).
 */
import type { DomainEvent } from "../contracts/events";
import type { MembershipItem, UserItem } from "../db/service";
import { usersById } from "../staff/users";
import { currentMembers } from "../team/people";
import { audienceFor } from "./rules";

/** What a mail reads of its recipient. */
export type MailPerson = Pick<
  UserItem,
  | "userId"
  | "email"
  | "firstName"
  | "emailNotifications"
  | "marketingEmails"
  | "monthlyReport"
  | "mailSuppressedReason"
>;

/**
 * A member who joined but has not opened the portal since (their record is made by the first
 * sign-in's sync): the address they accepted the invitation with, and the default settings.
 */
function standIn(item: MembershipItem): MailPerson {
  return {
    userId: item.memberId,
    email: item.email,
    emailNotifications: true,
    marketingEmails: false,
    monthlyReport: true,
  };
}

/** What joins an event's id and the person in a claim's id (MailRecipient.claimId). */
const CLAIM_RECIPIENT = ">to:";

/** The person a mailedEvent claim is for: the one its id names, else the account's first owner. */
export function claimRecipient(claim: { eventId: string; userId: string }): string {
  const at = claim.eventId.indexOf(CLAIM_RECIPIENT);
  return at < 0 ? claim.userId : claim.eventId.slice(at + CLAIM_RECIPIENT.length);
}

export interface MailRecipient {
  personId: string;
  /**
   * The mailedEvent claim of this event for this person: the event's id for the account's first
   * owner (one claim per event, as before teams), `<eventId>>to:<personId>` for anyone else.
   */
  claimId: string;
  /** Their record (or its stand-in, standIn); null when they are gone (nothing is sent). */
  person: MailPerson | null;
  /** Their item in the account (a first owner without one: the item they stand for). */
  membership: MembershipItem | null;
}

/**
 * The people `event` is mailed to, its account's first owner first. With no member left (an
 * account being erased), the account's own id, so the claim records why nothing went.
 */
export async function recipientsOf(event: DomainEvent): Promise<{
  recipients: MailRecipient[];
  /** Everyone read, the event's actor included (their name goes in others' mails). */
  people: Map<string, UserItem>;
}> {
  const members = await currentMembers(event.userId);
  const to = (
    audienceFor(event) === "owners" ? members.filter((member) => member.role === "owner") : members
  ).map((item) => ({ personId: item.memberId, membership: item }));
  const list = to.length > 0 ? to : [{ personId: event.userId, membership: null }];
  const people = await usersById([
    ...list.map((member) => member.personId),
    ...(event.actorId ? [event.actorId] : []),
  ]);
  return {
    recipients: list.map((member) => ({
      personId: member.personId,
      claimId:
        member.personId === event.userId
          ? event.eventId
          : `${event.eventId}${CLAIM_RECIPIENT}${member.personId}`,
      person:
        people.get(member.personId) ?? (member.membership ? standIn(member.membership) : null),
      membership: member.membership,
    })),
    people,
  };
}
