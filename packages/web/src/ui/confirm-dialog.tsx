/**
 * "Are you sure?" before an action that cannot be undone or that others see: the title, what
 * will happen (children), Cancel and the action's own button. The dialog's code (Chakra's
 * dialog, its focus trap and scroll lock: about 16 KB gzip) is not needed to draw the page, so
 * it loads when the browser is first idle after the page shows, or when the dialog first opens,
 * whichever comes first; once opened it stays mounted so it animates closed
 * (docs/performance.md, "`signed-in`").
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { whenIdle } from "./after-paint";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What the action will do. */
  children: ReactNode;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  confirmPalette?: string;
  /** The action is under way: its button shows a spinner. */
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  placement?: "center" | "top" | "bottom";
}

let view: Promise<typeof import("./confirm-dialog-view")> | undefined;
function loadView() {
  view ??= import("./confirm-dialog-view").catch((error: unknown) => {
    // A failed download is tried again at the next occasion.
    view = undefined;
    throw error;
  });
  return view;
}

const ConfirmDialogView = lazy(() => loadView().then((m) => ({ default: m.ConfirmDialogView })));

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  useEffect(() => {
    whenIdle(() => void loadView().catch(() => {}));
  }, []);
  if (!used) return null;
  return (
    // Nothing to show while it loads: the button that opened it stays as it was.
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
