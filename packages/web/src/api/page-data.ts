/**
 * Route loaders start a page's reads together with its code (docs/pages.md, "Portal
 * navigation"): the router runs them on navigation and, with `defaultPreload: "intent"`, as
 * soon as the pointer rests on a link, so the page renders from the cache. Each loader
 * import()s its query module, which keeps zod out of the app's entry bundle.
 */
import { hashKey, type Query, type QueryClient } from "@tanstack/react-query";
import type { GateDecision } from "../access/gate";
import { currentUserKey } from "./current-user";

/**
 * Starts `reads` when the access gate lets the page render, or earlier, while the signed-in
 * visitor's record is still on its way (`early`, from the gate: the token is known, so no read
 * answers 401; see `earlyReads` for the ones the gate then turns down). Never holds the
 * navigation: the page opens at once and shows its loading state until the data it asked for
 * arrives (often already there, from the preload on intent). Never throws: a failed read stays
 * in the query cache and the page shows it in its own error state (the spec gives each card
 * one), and a visitor the gate sends elsewhere, or whose session is still loading, starts no
 * read.
 */
export function loadPageData(
  context: { gate: GateDecision; early?: boolean },
  reads: () => Promise<readonly Promise<unknown>[]>,
): void {
  if (!("render" in context.gate) && !context.early) return;
  reads().then(
    (started) => {
      for (const read of started) read.catch(() => {});
    },
    // The query module itself failed to download: the page loads it again and says so.
    () => {},
  );
}

/**
 * The reads a page's loader starts before the gate has the visitor's record (docs/pages.md,
 * "Portal navigation"): every query the cache gains from `begin` until the gate decides with
 * the record. Kept when the gate then renders the page they were started for; cancelled and
 * dropped from the cache otherwise (the visitor is sent elsewhere, signed out, or their record
 * is missing), so no page ever shows what was read for a visitor the gate turned away.
 */
export function createEarlyReads() {
  let tracked: { path: string; queries: Set<Query>; stop: () => void } | null = null;
  const currentUserHash = hashKey(currentUserKey);
  return {
    /** The gate waits for the record of a signed-in visitor on `path`: track what starts. */
    begin(queryClient: QueryClient, path: string) {
      if (tracked?.path === path) return;
      this.settle(queryClient, path, { spinner: true });
      const queries = new Set<Query>();
      const stop = queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "added") return;
        if (event.query.queryHash === currentUserHash) return;
        queries.add(event.query);
      });
      tracked = { path, queries, stop };
    },
    /** The gate decided for `path` with the record known (or without a session). */
    settle(queryClient: QueryClient, path: string, decision: GateDecision) {
      if (!tracked) return;
      const { queries, stop } = tracked;
      const keep = tracked.path === path && "render" in decision;
      tracked = null;
      stop();
      if (keep || queries.size === 0) return;
      const started = (query: Query) => queries.has(query);
      void queryClient.cancelQueries({ predicate: started });
      queryClient.removeQueries({ predicate: started });
    },
  };
}

export const earlyReads = createEarlyReads();
