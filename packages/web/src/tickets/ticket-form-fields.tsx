/**
 * What the two New Ticket dialogs share (docs/support.md, "Two forms, one request": the dashboard
 * form and the Support Center form). Each dialog keeps its own schema, defaults, messages, field
 * order and extras; these parts draw a field of whichever form and name the dialog hands them,
 * as the kit's fields do (ui/form-fields.tsx).
 */
import { Button, CloseButton, Dialog, type DialogRootProps, Portal, Stack } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, unavailableMessage } from "../api/api-error";
import { isUnauthorizedError } from "../api/client";
import {
  type Choice,
  type FieldOf,
  SelectField,
  TextAreaField,
  TextField,
} from "../ui/form-fields";
import { toast } from "../ui/toaster";
import { CATEGORY_CHOICES, PRIORITY_CHOICES } from "./choices";
import { createTicket, refreshAfterTicketCreated } from "./queries";

/** The dialog around either form: title, body, Cancel / Create Ticket, close button. */
export function TicketDialogShell({
  onClose,
  onSubmit,
  pending,
  loadingText,
  size,
  children,
}: {
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  loadingText?: string;
  size: DialogRootProps["size"];
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={onSubmit} style={{ display: "contents" }}>
              <Dialog.Header>
                <Dialog.Title>Create Support Ticket</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={pending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={pending}
                  loadingText={loadingText}
                >
                  Create Ticket
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function TicketTitleField<V extends FieldValues>(props: FieldOf<V>) {
  return (
    <TextField {...props} label="Title" required placeholder="Brief description of the issue" />
  );
}

/** `note` is drawn between the box and the message (the Support Center's live counter). */
export function TicketDescriptionField<V extends FieldValues>(
  props: FieldOf<V> & { note?: ReactNode },
) {
  return (
    <TextAreaField
      {...props}
      label="Description"
      required
      rows={5}
      placeholder="Please describe your issue in detail..."
    />
  );
}

/**
 * A select of `choices` (the kit's). With `placeholder` the field is required and starts on an
 * empty "Select a …" option (the dashboard's rule); without, it starts on the form's default.
 */
function ChoiceField<V extends FieldValues>(
  props: FieldOf<V> & { label: string; placeholder?: string; choices: readonly Choice[] },
) {
  return <SelectField required={props.placeholder !== undefined} {...props} />;
}

export function TicketCategoryField<V extends FieldValues>(
  props: FieldOf<V> & { placeholder?: string },
) {
  return <ChoiceField label="Category" choices={CATEGORY_CHOICES} {...props} />;
}

export function TicketPriorityField<V extends FieldValues>(
  props: FieldOf<V> & { placeholder?: string },
) {
  return <ChoiceField label="Priority" choices={PRIORITY_CHOICES} {...props} />;
}

/** Optional site picker; `none` is the first option, the form's "no particular site". */
export function TicketSiteField<V extends FieldValues>({
  sites,
  none,
  ...props
}: FieldOf<V> & {
  sites: readonly { id: string; name: string }[];
  none: { value: string; label: string };
}) {
  return (
    <SelectField
      label="Related Site (optional)"
      choices={[none, ...sites.map((site) => ({ value: site.id, label: site.name }))]}
      {...props}
    />
  );
}

const FIELDS = ["title", "description", "category", "priority", "siteId"] as const;

/**
 * POST /api/tickets with the toasts of docs/support.md; on success refreshes what a new ticket
 * changes (refreshAfterTicketCreated), then closes. `quietWhenUnauthorized`: the dashboard leaves a
 * lost session to the router (it already shows 'Unauthorized' and goes to /sign-in).
 */
export function useCreateTicket<T extends FieldValues>({
  onClose,
  setError,
  quietWhenUnauthorized = false,
}: {
  onClose: () => void;
  setError: UseFormSetError<T>;
  quietWhenUnauthorized?: boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => {
      toast({ title: "Success", description: "Support ticket created successfully" });
      void refreshAfterTicketCreated(queryClient);
      onClose();
    },
    onError: (error) => {
      if (quietWhenUnauthorized && isUnauthorizedError(error)) return;
      // The dialog stays open with what was typed: a 503 says when to send it again.
      toast({
        title: "Error",
        description: unavailableMessage(error) ?? "Failed to create support ticket",
        variant: "destructive",
      });
      showServerFieldErrors(error, setError);
    },
  });
}

/** Field messages from the server (e.g. a site that is no longer there) go beside the field. */
function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
) {
  const fields = ApiError.from(error)?.fields ?? {};
  for (const name of FIELDS) {
    const message = fields[name];
    if (message) setError(name as Path<T>, { message });
  }
}
