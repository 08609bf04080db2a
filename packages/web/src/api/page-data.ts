/**
 * Route loaders start a page's reads together with its code (docs/pages.md, "Portal
 * navigation"): the router runs them on navigation and, with `defaultPreload: "intent"`, as
 * soon as the pointer rests on a link, so the page renders from the cache. Each loader
 * import()s its query module, which keeps zod out of the app's entry bundle.
 */
import type { GateDecision } from "../access/gate";

/**
 * Starts `reads` when the access gate lets the page render, without holding the navigation:
 * the page opens at once and shows its loading state until the data it asked for arrives
 * (often already there, from the preload on intent). Never throws: a failed read stays in
 * the query cache and the page shows it in its own error state (the spec gives each card
 * one), and a visitor the gate sends elsewhere starts no read that would answer 401 while
 * their session is still loading.
 */
export function loadPageData(
  context: { gate: GateDecision },
  reads: () => Promise<readonly Promise<unknown>[]>,
): void {
  if (!("render" in context.gate)) return;
  reads().then(
    (started) => {
      for (const read of started) read.catch(() => {});
    },
    // The query module itself failed to download: the page loads it again and says so.
    () => {},
  );
}
