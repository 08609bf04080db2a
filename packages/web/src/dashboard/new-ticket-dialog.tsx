/**
 * The dashboard's New Ticket dialog (docs/support.md, "Two forms, one request"): title required,
 * description at least 10 characters, category and priority chosen, and a site picker whose
 * 'none' choice sends no site. Opened by 'New Ticket' and by the header's 'Get Support'.
 */
import { SimpleGrid } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DashboardTicketForm,
  type DashboardTicketFormInput,
  dashboardTicketFormSchema,
  NO_SITE,
} from "@portal/core/contracts/tickets";
import { useQuery } from "@tanstack/react-query";
import { type Resolver, useForm } from "react-hook-form";
import { sitesQuery } from "../sites/queries";
import {
  TicketCategoryField,
  TicketDescriptionField,
  TicketDialogShell,
  TicketPriorityField,
  TicketSiteField,
  TicketTitleField,
  useCreateTicket,
} from "../tickets/ticket-form-fields";

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
  const sites = useQuery(sitesQuery());
  const form = useForm<FormValues, unknown, DashboardTicketForm>({
    resolver,
    defaultValues: DEFAULTS,
  });
  const { handleSubmit, setError } = form;

  const create = useCreateTicket({
    onClose,
    setError,
    quietWhenUnauthorized: true,
  });

  return (
    <TicketDialogShell
      onClose={onClose}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      pending={create.isPending}
      loadingText="Creating..."
      size={{ base: "full", sm: "lg" }}
    >
      <TicketTitleField form={form} name="title" />
      <TicketDescriptionField form={form} name="description" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TicketCategoryField form={form} name="category" placeholder="Select a category" />
        <TicketPriorityField form={form} name="priority" placeholder="Select a priority" />
      </SimpleGrid>
      <TicketSiteField
        form={form}
        name="siteId"
        sites={sites.data ?? []}
        none={{ value: NO_SITE, label: "None" }}
      />
    </TicketDialogShell>
  );
}
