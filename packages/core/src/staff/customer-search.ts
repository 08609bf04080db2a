/**
 * The staff's customer search by any word of a customer's names, email address or business
 * names, or the start of one (docs/console.md "Customers", docs/decisions.md): "bake" finds
 * "Sunrise Bakery", "doe" finds jane.doe@example.com. Each customer's words are kept as
 * `customerSearchWord` items (db/entities/customer-search.ts), written again whenever what they
 * come from changes (`reindexCustomer`); a search is a key condition on the gsi2 partition of its
 * longest word's first two letters, never a scan of all customers.
 */
import { db } from "../db/service";

/** Words shorter than this are not indexed: the index is sharded by a word's first two letters. */
export const MIN_WORD_LENGTH = 2;

/**
 * The words of some text as the index keeps them: lower case, accents dropped, split at
 * anything that is not a letter or a digit ("Müller-Lüdenscheidt" → muller, ludenscheidt).
 */
export function searchWords(...texts: (string | null | undefined)[]): string[] {
  const words = texts
    .join(" ")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD_LENGTH);
  return [...new Set(words)];
}

/** What a customer is found by: their names, email address and every business name they gave. */
async function sourcesOf(userId: string) {
  const [{ data: user }, { data: questionnaires }] = await Promise.all([
    db.entities.user.get({ userId }).go({ consistent: true }),
    db.entities.questionnaire.query.byOwner({ userId }).go({ consistent: true, pages: "all" }),
  ]);
  if (!user) return [];
  return searchWords(
    user.firstName,
    user.lastName,
    user.email,
    ...questionnaires.map((q) => q.businessName),
  );
}

/** Index items one read takes when other words filter them (about 60 KB, 8 read units). */
const FILTERED_READ = 250;

/** Rounds at most: each further round means what the words come from changed meanwhile. */
const REINDEX_ROUNDS = 3;

/**
 * Makes the customer's index items agree with their user record and questionnaires: the words
 * they no longer have are deleted, the others written with the whole word list. Safe to run
 * again and concurrently: after writing, the sources are read once more, and if they changed
 * meanwhile (another writer may have read them before that change and written after us) the
 * round is run again on the fresh state, so the last round to finish wrote what is current.
 */
export async function reindexCustomer(userId: string): Promise<void> {
  let words = await sourcesOf(userId);
  for (let round = 1; ; round++) {
    const { data: stored } = await db.entities.customerSearchWord.query
      .byOwner({ userId })
      .go({ consistent: true, pages: "all" });
    const list = words.length ? ` ${words.join(" ")} ` : "";
    const gone = stored.filter((item) => !words.includes(item.word));
    const current = new Set(stored.filter((item) => item.words === list).map((item) => item.word));
    const missing = words.filter((word) => !current.has(word));
    if (gone.length) await db.entities.customerSearchWord.delete(gone).go();
    if (missing.length) {
      const { unprocessed } = await db.entities.customerSearchWord
        .put(missing.map((word) => ({ userId, word, words: list })))
        .go();
      if (unprocessed.length) throw new Error(`${unprocessed.length} search words not written`);
    }
    const again = await sourcesOf(userId);
    if (again.join(" ") === words.join(" ")) return;
    if (round === REINDEX_ROUNDS) {
      throw new Error(`The search words of ${userId} kept changing while being written`);
    }
    words = again;
  }
}

/**
 * One page of customers having a word that starts with each word of `term`. The longest word is
 * the key condition (it narrows the most); the others are a filter on the same Query against the
 * word list each index item carries. Null when the term has no word long enough to look up.
 */
export async function findCustomerIds(
  term: string,
  page: { count: number; cursor: string | null },
): Promise<{ userIds: string[]; cursor: string | null } | null> {
  const words = searchWords(term).sort((a, b) => b.length - a.length);
  const [key, ...others] = words;
  if (!key) return null;
  const found = await db.entities.customerSearchWord.query
    .byWord({ shard: key.slice(0, MIN_WORD_LENGTH) })
    .begins({ word: key })
    .where((attr, op) => others.map((word) => op.contains(attr.words, ` ${word}`)).join(" AND "))
    // Each read is a page when nothing is filtered; with other words to match, larger reads,
    // so a common first word with a rare second is not hundreds of round trips.
    .go({
      count: page.count,
      limit: others.length ? FILTERED_READ : page.count,
      cursor: page.cursor,
    });
  return {
    // A customer with two words that start alike ("bake", "bakery") is listed once per page.
    userIds: [...new Set(found.data.map((item) => item.userId))],
    cursor: found.cursor ?? null,
  };
}
