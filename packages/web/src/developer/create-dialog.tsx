/**
 * The dialog both developer cards create with (docs/developer-api.md): a form, then the new
 * credential, shown once. Each card brings its fields, its request and what it shows after.
 */
import { Button, Dialog, Portal } from "@chakra-ui/react";
import type * as z from "@portal/core/contracts/zod";
import type { FormEvent, ReactNode } from "react";

export function CreateDialog({
  title,
  size,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  created,
  children,
}: {
  title: string;
  size: "md" | "lg";
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** Once the server has created it: the dialog's new title and what it shows instead. */
  created: { title: string; body: ReactNode } | null;
  /** The form's fields. */
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{created ? created.title : title}</Dialog.Title>
            </Dialog.Header>
            {created ? (
              <>
                <Dialog.Body>{created.body}</Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="brand" onClick={onClose}>
                    Done
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form noValidate onSubmit={onSubmit} style={{ display: "contents" }}>
                <Dialog.Body>{children}</Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} disabled={pending}>
                    Cancel
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={pending}>
                    {submitLabel}
                  </Button>
                </Dialog.Footer>
              </form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A failed check's first message for each top-level field, as shown beside that field. */
export function fieldErrors(error: z.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}
