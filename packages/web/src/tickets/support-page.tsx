/**
 * Support Center (docs/support.md, "The Support Center"): the customer's tickets with a search box
 * and status and category filters, all kept in the URL so a filtered view can be reloaded and
 * shared.
 */
import { Box, Button, Flex, Input, InputGroup, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { ticketStatusSchema } from "@portal/core/contracts/tickets";
import { TICKET_STATUS_LABELS } from "@portal/core/tickets/enums";
import { useQuery } from "@tanstack/react-query";
import { Inbox, Search, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { PageHeader } from "../shell/app-shell";
import { LoadFailed, LoadingSpinner } from "../ui/query-states";
import { CATEGORY_CHOICES } from "./choices";
import { filterTickets, type SupportSearch } from "./filter";
import { NewTicketButton } from "./new-ticket-button";
import { ticketsQuery } from "./queries";
import { TicketCard } from "./ticket-card";

const ALL = "";
const SEARCH_DELAY_MS = 250;

export function SupportPage({
  search,
  onSearchChange,
}: {
  search: SupportSearch;
  /** Replaces the URL's search params (no new history entry per keystroke). */
  onSearchChange: (next: SupportSearch) => void;
}) {
  const tickets = useQuery(ticketsQuery());

  return (
    <>
      <PageHeader title="Support Center">
        <NewTicketButton />
      </PageHeader>
      <Stack gap="5">
        <Filters search={search} onSearchChange={onSearchChange} />
        {tickets.isPending ? (
          <LoadingSpinner label="Loading tickets" />
        ) : tickets.isError ? (
          <LoadFailed title="We couldn't load your tickets." retry={tickets.refetch} />
        ) : (
          <TicketList all={tickets.data} search={search} onClear={() => onSearchChange({})} />
        )}
      </Stack>
    </>
  );
}

function TicketList({
  all,
  search,
  onClear,
}: {
  all: Parameters<typeof filterTickets>[0];
  search: SupportSearch;
  onClear: () => void;
}) {
  if (all.length === 0) {
    return (
      <EmptyState
        icon={<Inbox size={28} aria-hidden />}
        title="No tickets found"
        text="You haven't created any support tickets yet. Open one with New Ticket and our team will get back to you."
      />
    );
  }
  const shown = filterTickets(all, search);
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={<SearchX size={28} aria-hidden />}
        title="No tickets found"
        text="No tickets match your search or filters. Try different words or clear the filters."
        action={
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="3" as="ul" listStyleType="none" aria-label="Support tickets">
      {shown.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </Stack>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="xl"
      py="12"
      px="6"
    >
      <Box color="fg.muted">{icon}</Box>
      <Text fontWeight="semibold" fontSize="lg">
        {title}
      </Text>
      <Text color="fg.muted" maxW="md">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

function Filters({
  search,
  onSearchChange,
}: {
  search: SupportSearch;
  onSearchChange: (next: SupportSearch) => void;
}) {
  // The box keeps its own text so typing stays instant; the URL follows a moment later, and
  // a URL change from outside (back button, "Clear filters") is copied back into the box.
  const [text, setText] = useState(search.q ?? "");
  const pushed = useRef(search.q ?? "");
  useEffect(() => {
    // Our own update coming back must not overwrite what was typed since.
    if ((search.q ?? "") === pushed.current) return;
    pushed.current = search.q ?? "";
    setText(pushed.current);
  }, [search.q]);
  useEffect(() => {
    if (text === (search.q ?? "")) return;
    const timer = window.setTimeout(() => {
      pushed.current = text;
      onSearchChange({ ...search, q: text === "" ? undefined : text });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearchChange]);

  return (
    <Flex gap="3" direction={{ base: "column", md: "row" }}>
      <InputGroup flex="1" startElement={<Search size={16} aria-hidden />}>
        <Input
          type="search"
          bg="bg"
          placeholder="Search tickets..."
          aria-label="Search tickets"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </InputGroup>
      <Flex gap="3">
        <FilterSelect
          label="Filter by status"
          allLabel="All Status"
          width="44"
          value={search.status}
          choices={STATUS_CHOICES}
          onChange={(status) => onSearchChange({ ...search, status })}
        />
        <FilterSelect
          label="Filter by category"
          allLabel="All Categories"
          width="48"
          value={search.category}
          choices={CATEGORY_CHOICES}
          onChange={(category) => onSearchChange({ ...search, category })}
        />
      </Flex>
    </Flex>
  );
}

const STATUS_CHOICES = ticketStatusSchema.options.map((value) => ({
  value,
  label: TICKET_STATUS_LABELS[value],
}));

/** A filter: "all" (left out of the URL) or one of `choices`. */
function FilterSelect<T extends string>({
  label,
  allLabel,
  width,
  value,
  choices,
  onChange,
}: {
  label: string;
  allLabel: string;
  width: string;
  value: T | undefined;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <NativeSelect.Root flex={{ base: "1", md: "none" }} w={{ md: width }}>
      <NativeSelect.Field
        bg="bg"
        aria-label={label}
        value={value ?? ALL}
        onChange={(event) =>
          onChange(choices.find((choice) => choice.value === event.target.value)?.value)
        }
      >
        <option value={ALL}>{allLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
