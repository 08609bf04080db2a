/**
 * How the app takes over a pre-rendered page when the visitor may be signed in (boot.ts;
 * docs/pages.md, "Pre-rendered public pages"). The page's HTML stays on screen while the app
 * starts in a hidden element beside it; the app is swapped in, in the same frame, once it
 * knows who the visitor is, so a visitor never sees the page give way to a spinner and back.
 * The pre-rendered page needs nothing from the app meanwhile: its controls are all links.
 */

let prerendered: HTMLElement | null = null;
let app: HTMLElement | null = null;

/** The element the app renders into: #root, or a hidden sibling when #root is pre-rendered. */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.hasAttribute("data-prerendered")) return root;
  prerendered = root;
  app = document.createElement("div");
  app.hidden = true;
  root.after(app);
  return app;
}

/** Replaces the pre-rendered markup with the app (once; later calls do nothing). */
export function revealApp(): void {
  if (!prerendered || !app) return;
  const id = prerendered.id;
  prerendered.remove();
  app.id = id;
  app.hidden = false;
  prerendered = null;
  app = null;
}
