/**
 * Route loaders start a page's reads together with its code (docs/pages.md, "Portal
 * navigation"): the router runs them on navigation and, with `defaultPreload: "intent"`, as
 * soon as the pointer rests on a link, so the page renders from the cache. Each loader
 * import()s its query module, which keeps zod out of the landing page's bundle.
 */
import type { GateDecision } from "../access/gate";

/**
 * Runs `reads` when the access gate lets the page render, and waits for them to settle. Never
 * throws: a failed read stays in the query cache and the page shows it in its own error state
 * (the spec gives each card one), and a visitor the gate sends elsewhere starts no read that
 * would answer 401 while their session is still loading.
 */
export async function loadPageData(
  context: { gate: GateDecision },
  reads: () => Promise<readonly Promise<unknown>[]>,
): Promise<void> {
  if (!("render" in context.gate)) return;
  try {
    await Promise.allSettled(await reads());
  } catch {
    // The query module itself failed to download: the page loads it again and says so.
  }
}
