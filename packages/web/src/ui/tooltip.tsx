/**
 * A tooltip for an icon-only control (docs/pages.md, "Toasts and tooltips"; tooltip-popup.tsx).
 * Its code (Chakra's tooltip and its positioning) is not needed to draw a page, so it loads at
 * the visitor's first pointer move, press or focus in the page, and until then the control is
 * drawn alone: a page load that nobody touches loads none of it, nor draws its controls twice
 * (docs/performance.md, "Seventh round").
 */
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
  useSyncExternalStore,
} from "react";
import type { TooltipPopup, TooltipResume } from "./tooltip-popup";

let loaded: typeof TooltipPopup | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

function loadTooltip(): void {
  if (loading) return;
  loading = import("./tooltip-popup").then(
    (module) =>
      whenNotPressed(() => {
        loaded = module.TooltipPopup;
        for (const notify of waiting) notify();
      }),
    // A failed download is tried again at the next occasion.
    () => {
      loading = undefined;
    },
  );
}

/**
 * A press under way (a pointer down, until the click that ends it): the controls are not drawn
 * anew under it. Drawn anew, a control is a new element, and a press that began on the old one
 * gets no click (a tap on the phone's navigation button as the code arrives).
 */
let pressing = false;
let afterPress: (() => void) | undefined;
/** After a release with no click (a drag, a cancelled touch), how long a click may still come. */
const CLICK_AFTER_RELEASE_MS = 300;

function whenNotPressed(run: () => void): void {
  if (pressing) afterPress = run;
  else run();
}

function trackPresses(): void {
  const options = { capture: true, passive: true };
  let timer: number | undefined;
  const done = (delay: number) => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      pressing = false;
      const run = afterPress;
      afterPress = undefined;
      run?.();
    }, delay);
  };
  document.addEventListener(
    "pointerdown",
    () => {
      window.clearTimeout(timer);
      pressing = true;
    },
    options,
  );
  document.addEventListener("pointerup", () => done(CLICK_AFTER_RELEASE_MS), options);
  document.addEventListener("pointercancel", () => done(CLICK_AFTER_RELEASE_MS), options);
  // The click's own handlers run first (this listener runs as it starts).
  document.addEventListener("click", () => pressing && done(0), options);
}

let listening = false;

/**
 * Loads the tooltip at the first move of a pointer, press or focus in the document. Not at the
 * first `pointerover`: Chromium sends one without any move when the page under a resting (or
 * never moved, as under Lighthouse) pointer changes as it loads.
 */
const FIRST_USE = ["pointermove", "pointerdown", "focusin"] as const;

function loadAtFirstUse(): void {
  if (listening) return;
  listening = true;
  trackPresses();
  const load = () => {
    for (const type of FIRST_USE) document.removeEventListener(type, load, true);
    loadTooltip();
  };
  for (const type of FIRST_USE)
    document.addEventListener(type, load, { capture: true, passive: true });
}

function subscribe(notify: () => void) {
  waiting.add(notify);
  return () => {
    waiting.delete(notify);
  };
}

const current = () => loaded;

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const Loaded = useSyncExternalStore(subscribe, current, current);
  const resume = useRef<TooltipResume>(null);
  useEffect(() => {
    if (!loaded) loadAtFirstUse();
  }, []);

  if (Loaded) {
    return (
      <Loaded content={content} resume={resume.current}>
        {children}
      </Loaded>
    );
  }
  const own = children.props as TriggerProps;
  return cloneElement(children as ReactElement<TriggerProps>, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") resume.current = "pointer";
      loadTooltip();
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      if (resume.current === "pointer") resume.current = null;
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      resume.current = event.currentTarget.matches(":focus-visible") ? "focus-visible" : "focus";
      loadTooltip();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      if (resume.current === "focus" || resume.current === "focus-visible") resume.current = null;
    },
  });
}
