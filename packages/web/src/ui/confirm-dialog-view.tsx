/**
 * A confirmation as an alert dialog: a title, what the action will do, Cancel and the action.
 * Loaded by confirm-dialog.tsx, which is what pages use.
 */
import { Button, Dialog, Portal } from "@chakra-ui/react";
import type { ConfirmDialogProps } from "./confirm-dialog";

export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  children,
  cancelLabel = "Cancel",
  confirmLabel,
  confirmPalette = "brand",
  pending = false,
  confirmDisabled = false,
  onConfirm,
  placement,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      role="alertdialog"
      placement={placement}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{cancelLabel}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={confirmPalette}
                loading={pending}
                disabled={confirmDisabled}
                onClick={onConfirm}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
