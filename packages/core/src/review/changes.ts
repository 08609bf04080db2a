/**
 * A review round's requested changes and the files they name (docs/sites.md, "Review and
 * approval"): what both sides' views and the console's list of change requests (requests.ts)
 * show. No screenshot links here (index.ts presigns them), so the list carries no bucket client.
 */
import { type People, peopleByIds } from "../attribution/people";
import { attachmentsById } from "../content/records";
import type { Attachment } from "../contracts/content";
import type { ReviewChange } from "../contracts/review";
import type { ReviewRoundItem } from "../db/service";

/**
 * The files the rounds' changes name, read once for all of them. Attached files are the
 * customer's own, so the owner's partition is the one read.
 */
export function roundAttachments(
  userId: string,
  items: readonly Pick<ReviewRoundItem, "changes">[],
): Promise<Map<string, Attachment>> {
  return attachmentsById(
    userId,
    items.flatMap((item) => (item.changes ?? []).flatMap((change) => change.attachments ?? [])),
  );
}

/**
 * Who answered a round: null while it is pending; for an answer older than teams the account's
 * first owner, whose id is the account's (docs/team.md, "Who did it").
 */
export const answererOf = (item: Pick<ReviewRoundItem, "outcome" | "answeredById" | "userId">) =>
  item.outcome === "pending" ? null : (item.answeredById ?? item.userId);

/** The people rounds name, in one read. */
export function roundPeople(items: readonly ReviewRoundItem[]): Promise<People> {
  return peopleByIds(items.map(answererOf));
}

/**
 * A round's requested changes as the contract writes them: each stored file id as the file it
 * names, and an id whose file was deleted since left out (as ticket messages do).
 */
export function changesOf(
  item: Pick<ReviewRoundItem, "changes">,
  files: ReadonlyMap<string, Attachment>,
): ReviewChange[] {
  return (item.changes ?? []).map((change) => ({
    text: change.text,
    attachments: (change.attachments ?? []).flatMap((id) => {
      const file = files.get(id);
      return file ? [file] : [];
    }),
  }));
}
