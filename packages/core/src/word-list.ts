/**
 * A list in words, as the pages and mails write one: "a", "a or b", "a, b and c". Where a list
 * of names (plans, crawlers) is read out of the data, so the sentence follows the data.
 */
export function wordList(items: readonly string[], conjunction: "and" | "or"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

/** The first letter lower-cased, unless the first word is an acronym ("SEO optimization"). */
export function midSentence(phrase: string): string {
  const first = phrase.split(" ")[0] ?? "";
  return first.length > 1 && first === first.toUpperCase()
    ? phrase
    : phrase.charAt(0).toLowerCase() + phrase.slice(1);
}
