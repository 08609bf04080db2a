/**
 * Toasts as docs/pages.md ("Toasts and tooltips") sets them: one at a time (a new one replaces the
 * old), 5 s, paused while hovered or focused (Chakra's toast group does that), swipe right 50 px to
 * dismiss, F8 moves focus to the notifications region, a dismissed toast kept in the store for
 * 1,000,000 ms. Variants: default and destructive; an optional action button.
 *
 * The region's code (Chakra's Toaster and its state machines) is not part of the landing
 * page's JavaScript: it loads when the first toast is asked for, or once the page is idle.
 */
import { createToaster } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

export const TOAST_DURATION_MS = 5000;
/**
 * How long a dismissed toast stays in the store (docs/pages.md, "Toasts and tooltips"), hidden once
 * it has left.
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: TOAST_DURATION_MS,
  removeDelay: TOAST_REMOVE_DELAY_MS,
  hotkey: ["F8"],
  pauseOnPageIdle: true,
});

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * A button in the toast (docs/pages.md, "Toasts and tooltips"); choosing it also dismisses it.
   */
  action?: { label: string; onClick: () => void };
}

/** What the toast store is given for a toast. */
export function toastOptions({ title, description, variant = "default", action }: ToastInput) {
  return {
    title,
    description,
    type: variant === "destructive" ? "error" : "info",
    action,
    closable: true,
  };
}

function show(input: ToastInput): void {
  // Chakra queues toasts beyond `max`, and a dismissed one still counts until it is removed;
  // the newest one must show at once.
  toaster.remove();
  toaster.create(toastOptions(input));
}

/** Before the region has mounted, the newest request waits here (the store would drop it). */
let regionReady = false;
let waiting: ToastInput | null = null;
let regionWanted = false;
const listeners = new Set<() => void>();

function wantRegion() {
  if (regionWanted) return;
  regionWanted = true;
  for (const listener of listeners) listener();
}

/** Shows a toast in place of whatever toast is showing now. */
export function toast(input: ToastInput): void {
  if (regionReady) {
    show(input);
    return;
  }
  waiting = input;
  wantRegion();
}

/** Called by the region once it has mounted. */
export function regionMounted(): void {
  // Zag starts the toast group's machine (and its store subscription) in a microtask queued
  // from a layout effect; a task queued now runs after it.
  window.setTimeout(() => {
    regionReady = true;
    const next = waiting;
    waiting = null;
    if (next) show(next);
  }, 0);
}

const ToasterView = lazy(() => import("./toaster-view"));

const IDLE_LOAD_MS = 2000;

export function Toaster() {
  const wanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => regionWanted,
    // Pre-rendered pages (docs/pages.md) have no toast region; it loads in the browser.
    () => false,
  );

  // Keyboard users get F8 even before any toast: load the region once the page is quiet.
  useEffect(() => {
    const timer = window.setTimeout(wantRegion, IDLE_LOAD_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
