/** The small pieces that show a ticket's status, priority and category the same way everywhere. */
import { Badge, Box } from "@chakra-ui/react";
import {
  type TicketCategoryValue,
  type TicketPriorityValue,
  type TicketStatusValue,
  ticketStatusLabel,
} from "@portal/core/contracts/tickets";
import { TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from "@portal/core/tickets/enums";
import { Bug, CreditCard, Globe, type LucideIcon, MessageSquare, Wrench } from "lucide-react";

const STATUS_PALETTE: Record<TicketStatusValue, string> = {
  open: "blue",
  in_progress: "orange",
  resolved: "green",
  closed: "gray",
};

const PRIORITY_PALETTE: Record<TicketPriorityValue, string> = {
  low: "gray",
  medium: "blue",
  high: "orange",
  urgent: "red",
};

const CATEGORY_ICONS: Record<TicketCategoryValue, LucideIcon> = {
  general: MessageSquare,
  technical: Wrench,
  billing: CreditCard,
  website_request: Globe,
  bug_report: Bug,
};

export function TicketStatusBadge({ status }: { status: TicketStatusValue }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? "blue"} variant="subtle">
      {ticketStatusLabel(status)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriorityValue }) {
  return (
    <Badge colorPalette={PRIORITY_PALETTE[priority]} variant="outline">
      {TICKET_PRIORITY_LABELS[priority]} Priority
    </Badge>
  );
}

export function categoryLabel(category: TicketCategoryValue): string {
  return TICKET_CATEGORY_LABELS[category];
}

export function CategoryIcon({ category }: { category: TicketCategoryValue }) {
  const Icon = CATEGORY_ICONS[category] ?? MessageSquare;
  return (
    <Box
      flexShrink="0"
      display="grid"
      placeItems="center"
      boxSize={{ base: "8", md: "10" }}
      borderRadius="lg"
      bg="brand.subtle"
      color="brand.fg"
      aria-hidden
    >
      <Icon size={18} />
    </Box>
  );
}

/** Made at first use: a browser's first DateTimeFormat loads locale and time-zone data. */
let dateTime: Intl.DateTimeFormat | undefined;

/** "Jan 5, 2025, 3:04 PM" in the reader's locale and time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(date);
}

/** The short reference the dashboard also shows: '#' and the id's last 6 characters. */
export function ticketReference(id: string): string {
  return `#${id.slice(-6)}`;
}
