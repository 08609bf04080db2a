/**
 * The ticket inbox (docs/console.md): every customer's tickets of one status, oldest first, with
 * filters in the URL, and the team's median response and resolution times over that status.
 */

import {
  Badge,
  Box,
  Flex,
  HStack,
  NativeSelect,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from "@chakra-ui/react";
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
} from "@portal/core/tickets/enums";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useAccess } from "../access/access-context";
import { PageHeader } from "../shell/app-shell";
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { allItems, LoadMore, pageItems } from "./console-ui";
import { formatAge, formatMinutes } from "./format";
import { type INBOX_ASSIGNEES, type InboxSearch, inboxFilters, inboxQuery } from "./queries";

const ASSIGNEE_OPTIONS: Record<(typeof INBOX_ASSIGNEES)[number], string> = {
  me: "Assigned to me",
  unassigned: "Unassigned",
};

function FilterSelect({
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: Record<string, string>;
  anyLabel?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <NativeSelect.Root size="sm" minW="40" flex="1">
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        bg="bg"
      >
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {Object.entries(options).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function InboxPage({
  search,
  onSearchChange,
}: {
  search: InboxSearch;
  onSearchChange: (next: InboxSearch) => void;
}) {
  const filters = inboxFilters(search);
  const query = useInfiniteQuery(inboxQuery(filters));
  const items = allItems(query);
  const medians = query.data?.pages[0]?.medians;
  const { user } = useAccess();
  const set = (key: keyof InboxSearch) => (value: string | undefined) =>
    onSearchChange({ ...search, [key]: value });

  return (
    <Stack gap="4" maxW="6xl">
      <PageHeader title="Ticket Inbox" />
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        <Stat.Root bg="bg" borderWidth="1px" borderRadius="lg" p="4">
          <Stat.Label>Median first response</Stat.Label>
          <Stat.ValueText>{formatMinutes(medians?.responseTime)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root bg="bg" borderWidth="1px" borderRadius="lg" p="4">
          <Stat.Label>Median resolution</Stat.Label>
          <Stat.ValueText>{formatMinutes(medians?.resolutionTime)}</Stat.ValueText>
        </Stat.Root>
        <Text
          fontSize="xs"
          color="fg.muted"
          alignSelf="center"
          gridColumn={{ base: "span 2", md: "auto" }}
        >
          Over the latest{" "}
          {TICKET_STATUS_LABELS[filters.status as keyof typeof TICKET_STATUS_LABELS].toLowerCase()}{" "}
          tickets.
        </Text>
      </SimpleGrid>
      <Flex gap="2" flexWrap="wrap" role="group" aria-label="Filters">
        <FilterSelect
          label="Status"
          value={filters.status}
          options={TICKET_STATUS_LABELS}
          onChange={set("status")}
        />
        <FilterSelect
          label="Priority"
          value={filters.priority}
          options={TICKET_PRIORITY_LABELS}
          anyLabel="Any priority"
          onChange={set("priority")}
        />
        <FilterSelect
          label="Category"
          value={filters.category}
          options={TICKET_CATEGORY_LABELS}
          anyLabel="Any category"
          onChange={set("category")}
        />
        <FilterSelect
          label="Assignee"
          value={filters.assignee}
          options={ASSIGNEE_OPTIONS}
          anyLabel="Anyone"
          onChange={set("assignee")}
        />
        <FilterSelect
          label="Waiting"
          value={filters.waiting}
          options={{ staff: "Waiting on us" }}
          anyLabel="Waiting on anyone"
          onChange={set("waiting")}
        />
      </Flex>
      <ListStates
        query={query}
        select={pageItems}
        loading={<LoadingSpinner label="Loading tickets" py="12" />}
        failed={<LoadFailed title="We couldn't load the tickets." retry={query.refetch} />}
        empty={<EmptyCard text={"No tickets match these filters."} />}
      >
        {() => (
          <>
            <Stack as="ol" gap="2" listStyleType="none" aria-label="Tickets">
              {items.map((ticket) => (
                <li key={ticket.id}>
                  <Link
                    to="/staff/tickets/$userId/$ticketId"
                    params={{ userId: ticket.userId, ticketId: ticket.id }}
                  >
                    <Box
                      bg="bg"
                      borderWidth="1px"
                      borderRadius="lg"
                      p="4"
                      borderStartWidth={ticket.waitingOnStaff ? "4px" : "1px"}
                      borderStartColor={ticket.waitingOnStaff ? "red.solid" : "border"}
                      _hover={{ borderColor: "brand.emphasized" }}
                    >
                      <Flex
                        gap="2"
                        justify="space-between"
                        align={{ base: "stretch", md: "center" }}
                        direction={{ base: "column", md: "row" }}
                      >
                        <Stack gap="0" minW="0">
                          <Text fontWeight="semibold" truncate>
                            {ticket.title}
                          </Text>
                          <Text fontSize="sm" color="fg.muted" truncate>
                            {ticket.customerEmail ?? ticket.userId} ·{" "}
                            {categoryLabel(ticket.category)} · opened {formatAge(ticket.createdAt)}
                          </Text>
                        </Stack>
                        <HStack gap="2" flexWrap="wrap" flexShrink="0">
                          <TicketStatusBadge status={ticket.status} />
                          <TicketPriorityBadge priority={ticket.priority} />
                          {ticket.waitingOnStaff ? (
                            <Badge colorPalette="red" variant="solid">
                              Waiting on us
                            </Badge>
                          ) : null}
                          <Badge variant="subtle">
                            {ticket.assignedTo === null
                              ? "Unassigned"
                              : ticket.assignedTo === user?.id
                                ? "Assigned to you"
                                : "Assigned"}
                          </Badge>
                        </HStack>
                      </Flex>
                    </Box>
                  </Link>
                </li>
              ))}
            </Stack>
            <LoadMore query={query} />
          </>
        )}
      </ListStates>
    </Stack>
  );
}
