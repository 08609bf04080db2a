/**
 * Toasts as the spec sets them: one at a time (a new one replaces the old), 5 s, paused while
 * hovered or focused (Chakra's toast group does that), swipe right 50 px to dismiss, F8 moves
 * focus to the notifications region. Variants: default and destructive.
 */
import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { type PointerEvent, useRef } from "react";

export const TOAST_DURATION_MS = 5000;
export const SWIPE_DISMISS_PX = 50;

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: TOAST_DURATION_MS,
  hotkey: ["F8"],
  pauseOnPageIdle: true,
});

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Shows a toast in place of whatever toast is showing now. */
export function toast({ title, description, variant = "default" }: ToastInput): string {
  // Chakra queues toasts beyond `max`; the spec wants the newest one shown at once.
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === "destructive" ? "error" : "info",
    closable: true,
  });
}

/** Follows a horizontal drag on a toast and dismisses it once dragged right past 50 px. */
function useSwipeToDismiss(id: string | undefined) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  const reset = (el: HTMLElement) => {
    start.current = null;
    el.style.transform = "";
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      // Buttons inside the toast (close) keep their own click behaviour.
      if ((event.target as HTMLElement).closest("button")) return;
      start.current = { x: event.clientX, pointerId: event.pointerId };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - start.current.x);
      event.currentTarget.style.transform = `translateX(${dx}px)`;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      const dx = event.clientX - start.current.x;
      reset(event.currentTarget);
      if (dx >= SWIPE_DISMISS_PX && id) toaster.dismiss(id);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      reset(event.currentTarget);
    },
  };
}

function ToastItem({
  id,
  title,
  description,
  type,
  closable,
}: {
  id?: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  type?: string;
  closable?: boolean;
}) {
  const swipe = useSwipeToDismiss(id);
  return (
    <Toast.Root width={{ md: "sm" }} touchAction="pan-y" {...swipe}>
      {type === "error" ? <Toast.Indicator /> : null}
      <Stack gap="1" flex="1" maxWidth="100%">
        {title ? <Toast.Title>{title}</Toast.Title> : null}
        {description ? <Toast.Description>{description}</Toast.Description> : null}
      </Stack>
      {closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
    </Toast.Root>
  );
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }} aria-label="Notifications">
        {(t) => (
          <ToastItem
            id={t.id}
            title={t.title}
            description={t.description}
            type={t.type}
            closable={t.closable}
          />
        )}
      </ChakraToaster>
    </Portal>
  );
}
