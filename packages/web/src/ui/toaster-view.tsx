/** The notifications region: Chakra's Toaster with the portal's toast layout and swipe. */
import { Toaster as ChakraToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { type PointerEvent, type ReactNode, useEffect, useRef } from "react";
import { regionMounted, toaster } from "./toaster";

export const SWIPE_DISMISS_PX = 50;

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
  action,
  closable,
}: {
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  type?: string;
  action?: { label: string };
  closable?: boolean;
}) {
  const swipe = useSwipeToDismiss(id);
  return (
    <Toast.Root
      width={{ md: "sm" }}
      touchAction="pan-y"
      // A dismissed toast stays in the store (and the DOM) for 1,000,000 ms: once its exit
      // has played it is hidden, from assistive technology too.
      _closed={{
        visibility: "hidden",
        transition: "translate 400ms, scale 400ms, opacity 200ms, visibility 0s 400ms",
      }}
      {...swipe}
    >
      {type === "error" ? <Toast.Indicator /> : null}
      <Stack gap="1" flex="1" maxWidth="100%">
        {title ? <Toast.Title>{title}</Toast.Title> : null}
        {description ? <Toast.Description>{description}</Toast.Description> : null}
      </Stack>
      {action ? <Toast.ActionTrigger>{action.label}</Toast.ActionTrigger> : null}
      {closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
    </Toast.Root>
  );
}

export default function ToasterView() {
  useEffect(() => {
    regionMounted();
  }, []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(t) => (
          <ToastItem
            id={t.id}
            title={t.title}
            description={t.description}
            type={t.type}
            action={t.action}
            closable={t.closable}
          />
        )}
      </ChakraToaster>
    </Portal>
  );
}
