/**
 * The Support Center's "New Ticket" dialog (spec part 1 §2.12, §5 Support Center form):
 * title 5-100, description 20-2000 with a live counter, category (default general), priority
 * (default medium), and a site picker only when the customer has sites.
 */
import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Textarea,
} from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  SUPPORT_DESCRIPTION_MAX,
  type SupportTicketForm,
  type SupportTicketFormInput,
  supportTicketFormSchema,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  ticketCategorySchema,
  ticketPrioritySchema,
} from "@portal/core/contracts/tickets";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { sitesQuery } from "../sites/queries";
import { toast } from "../ui/toaster";
import { parseApiError } from "./api-error";
import { createTicket, ticketsQuery } from "./queries";

const DEFAULTS: SupportTicketFormInput = {
  title: "",
  description: "",
  category: "general",
  priority: "medium",
  siteId: "",
};

const FIELDS = ["title", "description", "category", "priority", "siteId"] as const;

export function NewTicketButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button colorPalette="brand" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New Ticket
      </Button>
      {open ? <NewTicketDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NewTicketDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  // The picker is offered only when there are sites; while they load (or if the call fails)
  // the form simply has no picker, and the ticket is about no particular site.
  const sites = useQuery(sitesQuery());
  const siteChoices = sites.data ?? [];

  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<SupportTicketFormInput, unknown, SupportTicketForm>({
    resolver: zodResolver(supportTicketFormSchema),
    defaultValues: DEFAULTS,
  });
  const descriptionLength = watch("description")?.length ?? 0;

  const create = useMutation({
    mutationFn: createTicket,
    onSuccess: () => {
      toast({ title: "Success", description: "Support ticket created successfully" });
      void queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: ["/api/activities"] });
      onClose();
    },
    onError: (error) => {
      toast({
        title: "Error",
        description: "Failed to create support ticket",
        variant: "destructive",
      });
      // Field messages from the server (a site that is no longer there) go beside the field.
      const { fields } = parseApiError(error);
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) setError(name, { message });
      }
    },
  });

  return (
    <Dialog.Root
      open
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={handleSubmit((values) => create.mutate(values))}
              style={{ display: "contents" }}
            >
              <Dialog.Header>
                <Dialog.Title>Create Support Ticket</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={!!errors.title} required>
                    <Field.Label>
                      Title
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input placeholder="Brief description of the issue" {...register("title")} />
                    <Field.ErrorText>{errors.title?.message}</Field.ErrorText>
                  </Field.Root>

                  <SimpleGrid columns={2} gap={{ base: "3", sm: "4" }}>
                    <Field.Root invalid={!!errors.category}>
                      <Field.Label>Category</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("category")}>
                          {ticketCategorySchema.options.map((value) => (
                            <option key={value} value={value}>
                              {TICKET_CATEGORY_LABELS[value]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.category?.message}</Field.ErrorText>
                    </Field.Root>

                    <Field.Root invalid={!!errors.priority}>
                      <Field.Label>Priority</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("priority")}>
                          {ticketPrioritySchema.options.map((value) => (
                            <option key={value} value={value}>
                              {TICKET_PRIORITY_LABELS[value]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.priority?.message}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>

                  {siteChoices.length > 0 ? (
                    <Field.Root invalid={!!errors.siteId}>
                      <Field.Label>Related Site (optional)</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("siteId")}>
                          <option value="">No specific site</option>
                          {siteChoices.map((site) => (
                            <option key={site.id} value={site.id}>
                              {site.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{errors.siteId?.message}</Field.ErrorText>
                    </Field.Root>
                  ) : null}

                  <Field.Root invalid={!!errors.description} required>
                    <Field.Label>
                      Description
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea
                      rows={5}
                      placeholder="Please describe your issue in detail..."
                      {...register("description")}
                    />
                    <Field.HelperText
                      aria-live="polite"
                      color={descriptionLength > SUPPORT_DESCRIPTION_MAX ? "fg.error" : undefined}
                    >
                      {descriptionLength}/{SUPPORT_DESCRIPTION_MAX} characters
                    </Field.HelperText>
                    <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={create.isPending}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={create.isPending}>
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
