/**
 * A tooltip for an icon-only control (docs/pages.md, "Toasts and tooltips"; tooltip-popup.tsx).
 * Its code (Chakra's tooltip and its positioning) is not needed to draw a page, so it loads when
 * the browser is first idle after a page with a tooltip, or as soon as the pointer or the focus
 * comes to such a control; until then the control is drawn alone (docs/performance.md,
 * "`signed-in`").
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
    (module) => {
      loaded = module.TooltipPopup;
      for (const notify of waiting) notify();
    },
    // A failed download is tried again at the next occasion.
    () => {
      loading = undefined;
    },
  );
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
    if (loaded) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(loadTooltip);
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
      resume.current = "focus";
      loadTooltip();
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      if (resume.current === "focus") resume.current = null;
    },
  });
}
