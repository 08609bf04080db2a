/**
 * A ticket's categories and priorities as choices with their labels: for the New Ticket forms
 * and the Support Center's category filter. On their own so the filter does not bring the
 * forms' code with it (the dialog loads when first opened).
 */
import { ticketCategorySchema, ticketPrioritySchema } from "@portal/core/contracts/tickets";
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from "@portal/core/tickets/enums";

export const CATEGORY_CHOICES = ticketCategorySchema.options.map((value) => ({
  value,
  label: TICKET_CATEGORY_LABELS[value],
}));

export const PRIORITY_CHOICES = ticketPrioritySchema.options.map((value) => ({
  value,
  label: TICKET_PRIORITY_LABELS[value],
}));
