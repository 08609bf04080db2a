/**
 * How the SPA takes over a pre-rendered page (docs/pages.md, "Pre-rendered public pages").
 * The page's HTML stays on screen while the app starts in a hidden element beside it; the
 * app is swapped in, in the same frame, once it knows who the visitor is, so a visitor never
 * sees the page give way to a spinner and back.
 */

let prerendered: HTMLElement | null = null;
let app: HTMLElement | null = null;
/** The label of a button pressed on the pre-rendered page, pressed again once the app is in. */
let heldClick: string | null = null;

/**
 * A pre-rendered button does nothing by itself (links do: they are plain hrefs). A press in the
 * moment before the app takes over is held, and repeated on the app's button with the same
 * label, so the visitor's first click is never lost.
 */
function holdButtonPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  event.preventDefault();
  heldClick = buttonLabel(button);
}

function buttonLabel(button: Element): string {
  return (button.getAttribute("aria-label") ?? button.textContent ?? "").trim();
}

/** The element the app renders into: #root, or a hidden sibling when #root is pre-rendered. */
export function appContainer(root: HTMLElement): HTMLElement {
  if (!root.hasAttribute("data-prerendered")) return root;
  prerendered = root;
  root.addEventListener("click", holdButtonPress, true);
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
  const shown = app;
  prerendered = null;
  app = null;
  const label = heldClick;
  heldClick = null;
  if (label) pressWhenShown(shown, label);
}

/** How long a held press waits for the app to show the page (it may still be reading the user). */
const HELD_PRESS_MS = 5000;

function pressWhenShown(container: HTMLElement, label: string) {
  const find = () =>
    [...container.querySelectorAll("button")].find((b) => buttonLabel(b) === label);
  const press = (button: HTMLButtonElement) => requestAnimationFrame(() => button.click());
  const now = find();
  if (now) return press(now);
  const observer = new MutationObserver(() => {
    const button = find();
    if (!button) return;
    observer.disconnect();
    press(button);
  });
  observer.observe(container, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), HELD_PRESS_MS);
}
