/**
 * The one script a pre-rendered public page loads (docs/pages.md, "Pre-rendered public
 * pages"). The page is finished HTML and CSS whose every control is a link, so a visitor who
 * is not signed in reads and uses it with no app at all:
 * - a visitor who may be signed in gets the app at once, and it takes the page over with
 *   their own version of it (take-over.ts);
 * - a plan link stores its plan on the way out, as the app's plan links do;
 * - pointing at, touching or tabbing to a link into the app prefetches the app's scripts, so
 *   the page it opens starts from the browser's cache.
 * Kept to a few hundred bytes: nothing here may import React, Chakra or the router.
 */
import { prerenderedFile } from "../../prerendered-pages";
import { mayHaveSession } from "../identity/session-hint";
import { storePlanOfLink } from "../sales/selected-plan";
import { APP_SCRIPTS_ID, type AppScripts } from "./app-scripts";

const data = document.getElementById(APP_SCRIPTS_ID)?.textContent;
if (!data) throw new Error(`A pre-rendered page needs its #${APP_SCRIPTS_ID} data block`);
const app = JSON.parse(data) as AppScripts;

function addLinks(rel: "modulepreload" | "prefetch", hrefs: readonly string[]) {
  for (const href of hrefs) {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    // As the module scripts themselves are fetched, so the cached copies are the ones used.
    link.crossOrigin = "anonymous";
    if (rel === "prefetch") link.as = "script";
    document.head.append(link);
  }
}

let prefetched = false;

/** A same-origin link to a page the app renders (not another pre-rendered page). */
function leadsIntoApp(target: EventTarget | null): boolean {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return false;
  const url = new URL(link.href);
  return url.origin === location.origin && prerenderedFile(url.pathname) === undefined;
}

function prefetchOnIntent(event: Event) {
  if (prefetched || !leadsIntoApp(event.target)) return;
  prefetched = true;
  addLinks("prefetch", [app.entry, ...app.preload]);
}

if (mayHaveSession()) {
  addLinks("modulepreload", app.preload);
  // Should it fail to download, the pre-rendered page still works: its links need no app.
  import(/* @vite-ignore */ app.entry).catch((error: unknown) =>
    console.error("The app failed to load.", error),
  );
} else {
  for (const type of ["pointerover", "touchstart", "focusin"]) {
    document.addEventListener(type, prefetchOnIntent, { passive: true });
  }
}

document
  .getElementById("root")
  ?.addEventListener("click", (event) => storePlanOfLink(event.target));
