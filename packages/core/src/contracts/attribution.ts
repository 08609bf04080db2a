/**
 * Who did something on an account (docs/team.md, "Who did it"): the person a ticket, a message,
 * an upload, a review answer or an activity names. Imported by the web bundle: zod only.
 */
import * as z from "./zod";

/** What a former member who erased themselves is called: their name went with them. */
export const FORMER_MEMBER = "Former member";

export const memberRefSchema = z.object({
  /** The person's id at the identity provider. */
  id: z.string(),
  /**
   * Their name as it is now (first and last name, else their e-mail address), read when the
   * response is made; FORMER_MEMBER once the person erased themselves.
   */
  name: z.string(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;

/** A record's person, or null where the team or the system acted (or nobody has yet). */
export const actedBySchema = z.nullable(memberRefSchema);
