/**
 * The Support Center's "New Ticket" dialog (docs/support.md, "Two forms, one request"):
 * title 5-100, description 20-2000 with a live counter, category (default general), priority
 * (default medium), and a site picker only when the customer has sites.
 */
import { Field, SimpleGrid } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  SUPPORT_DESCRIPTION_MAX,
  type SupportTicketForm,
  type SupportTicketFormInput,
  supportTicketFormSchema,
} from "@portal/core/contracts/tickets";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { sitesQuery } from "../sites/queries";
import {
  TicketCategoryField,
  TicketDescriptionField,
  TicketDialogShell,
  TicketPriorityField,
  TicketSiteField,
  TicketTitleField,
  useCreateTicket,
} from "./ticket-form-fields";

const DEFAULTS: SupportTicketFormInput = {
  title: "",
  description: "",
  category: "general",
  priority: "medium",
  siteId: "",
};

/** Mounted only while open (new-ticket-button.tsx), so every opening starts from an empty form. */
export function NewTicketDialog({ onClose }: { onClose: () => void }) {
  // The picker is offered only when there are sites; while they load (or if the call fails)
  // the form simply has no picker, and the ticket is about no particular site.
  const sites = useQuery(sitesQuery());
  const siteChoices = sites.data ?? [];

  const form = useForm<SupportTicketFormInput, unknown, SupportTicketForm>({
    resolver: zodResolver(supportTicketFormSchema),
    defaultValues: DEFAULTS,
  });
  const { handleSubmit, watch, setError } = form;
  const descriptionLength = watch("description")?.length ?? 0;

  const create = useCreateTicket({ onClose, setError });

  return (
    <TicketDialogShell
      onClose={onClose}
      onSubmit={handleSubmit((values) => create.mutate(values))}
      pending={create.isPending}
      size="lg"
    >
      <TicketTitleField form={form} name="title" />
      <SimpleGrid columns={2} gap={{ base: "3", sm: "4" }}>
        <TicketCategoryField form={form} name="category" />
        <TicketPriorityField form={form} name="priority" />
      </SimpleGrid>
      {siteChoices.length > 0 ? (
        <TicketSiteField
          form={form}
          name="siteId"
          sites={siteChoices}
          none={{ value: "", label: "No specific site" }}
        />
      ) : null}
      <TicketDescriptionField
        form={form}
        name="description"
        note={
          <Field.HelperText
            aria-live="polite"
            color={descriptionLength > SUPPORT_DESCRIPTION_MAX ? "fg.error" : undefined}
          >
            {descriptionLength}/{SUPPORT_DESCRIPTION_MAX} characters
          </Field.HelperText>
        }
      />
    </TicketDialogShell>
  );
}
