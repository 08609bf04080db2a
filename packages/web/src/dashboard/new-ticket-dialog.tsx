/**
 * The dashboard's New Ticket dialog (spec part 1 §5, dashboard form): title required,
 * description at least 10 characters, category and priority chosen, and a site picker whose
 * 'none' choice sends no site. Opened by 'New Ticket' and by the header's 'Get Support'.
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
  type DashboardTicketForm,
  type DashboardTicketFormInput,
  dashboardTicketFormSchema,
  NO_SITE,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  ticketCategorySchema,
  ticketPrioritySchema,
} from "@portal/core/contracts/tickets";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Resolver, useForm } from "react-hook-form";
import { isUnauthorizedError } from "../api/client";
import { sitesQuery } from "../sites/queries";
import { parseApiError } from "../tickets/api-error";
import { createTicket, ticketsQuery } from "../tickets/queries";
import { toast } from "../ui/toaster";
import { activitiesQuery, dashboardStatsQuery } from "./queries";

/** Category and priority start unchosen, so "Please select…" can be said (the form's rule). */
type FormValues = Omit<DashboardTicketFormInput, "category" | "priority"> & {
  category: DashboardTicketFormInput["category"] | "";
  priority: DashboardTicketFormInput["priority"] | "";
};

const DEFAULTS: FormValues = {
  title: "",
  description: "",
  category: "",
  priority: "",
  siteId: NO_SITE,
};

const FIELDS = ["title", "description", "category", "priority", "siteId"] as const;

// The schema's input types category and priority as the listed values; "" (nothing chosen)
// is what the form starts with and what the schema refuses with its own messages.
const resolver = zodResolver(dashboardTicketFormSchema) as unknown as Resolver<
  FormValues,
  unknown,
  DashboardTicketForm
>;

export function DashboardTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted only while open, so every opening starts from an empty form.
  return open ? <TicketDialog onClose={onClose} /> : null;
}

function TicketDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, DashboardTicketForm>({ resolver, defaultValues: DEFAULTS });

  const create = useMutation({
    mutationFn: createTicket,
    onSuccess: () => {
      toast({ title: "Success", description: "Support ticket created successfully" });
      void queryClient.invalidateQueries({ queryKey: ticketsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: activitiesQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: dashboardStatsQuery().queryKey });
      onClose();
    },
    onError: (error) => {
      // A lost session already shows 'Unauthorized' and goes to /sign-in (router.tsx).
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Error",
        description: "Failed to create support ticket",
        variant: "destructive",
      });
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
      size={{ base: "full", sm: "lg" }}
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
                    <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
                  </Field.Root>

                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.Root invalid={!!errors.category} required>
                      <Field.Label>
                        Category
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("category")}>
                          <option value="">Select a category</option>
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

                    <Field.Root invalid={!!errors.priority} required>
                      <Field.Label>
                        Priority
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("priority")}>
                          <option value="">Select a priority</option>
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

                  <Field.Root invalid={!!errors.siteId}>
                    <Field.Label>Related Site (optional)</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...register("siteId")}>
                        <option value={NO_SITE}>None</option>
                        {(sites.data ?? []).map((site) => (
                          <option key={site.id} value={site.id}>
                            {site.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.siteId?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={create.isPending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={create.isPending}
                  loadingText="Creating..."
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
