/**
 * The staff's customer search index (docs/console.md "Customers", docs/decisions.md): one item
 * per word of a customer's names, email address and business names, normalised (lower case,
 * accents dropped). The item lives in the customer's own partition, so the account's erasure
 * takes it with the rest and a customer's words are read back with one consistent Query; gsi2
 * files it under the word's first two letters, sorted by word, so a search for a word or the
 * start of one is a key condition on one small partition, however many customers there are.
 */
import type { EntityItem } from "electrodb";
import { CASE_SENSITIVE, type EntityOf, lazyEntity, model } from "./common";

export const CustomerSearchWord = lazyEntity({
  model: model("customerSearchWord"),
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    /** A normalised word (staff/customer-search.ts `searchWords`). */
    word: { type: "string", required: true, readOnly: true },
    /** The word's first two letters: its gsi2 partition. */
    shard: {
      type: "string",
      readOnly: true,
      watch: ["word"],
      set: (_: unknown, item: { word?: string }) => item.word?.slice(0, 2),
    },
    /** Every word of the customer, space-separated and space-ended, for several-word searches. */
    words: { type: "string", required: true },
  },
  indexes: {
    byOwner: {
      collection: "customer",
      pk: { field: "pk", composite: ["userId"], casing: CASE_SENSITIVE },
      sk: { field: "sk", composite: ["word"], casing: CASE_SENSITIVE },
    },
    byWord: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["shard"], casing: CASE_SENSITIVE },
      sk: { field: "gsi2sk", composite: ["word", "userId"], casing: CASE_SENSITIVE },
    },
  },
});

export type CustomerSearchWordItem = EntityItem<EntityOf<typeof CustomerSearchWord>>;
