/** Support Tickets: the newest 5 tickets ('#' + last 6 id characters, status badge), New Ticket. */
import { Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { ticketsQuery } from "../tickets/queries";
import { TicketStatusBadge, ticketReference } from "../tickets/ticket-badges";
import { DashboardListStates } from "./list-states";

export function SupportTickets({ onNewTicket }: { onNewTicket: () => void }) {
  const tickets = useQuery(ticketsQuery());
  return (
    <Card.Root bg="bg" borderRadius="xl" size={{ base: "sm", md: "md" }}>
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Card.Title as="h2" whiteSpace="nowrap">
            Support Tickets
          </Card.Title>
          <Button size="sm" variant="outline" onClick={onNewTicket}>
            <Plus aria-hidden />
            New Ticket
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body pt="4">
        <DashboardListStates
          query={tickets}
          errorText="We couldn't load your support tickets."
          emptyText="No support tickets yet"
        >
          {(items) => (
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Support tickets">
              {items.map((ticket) => (
                <HStack
                  as="li"
                  key={ticket.id}
                  gap="3"
                  justify="space-between"
                  p="3"
                  borderWidth="1px"
                  borderRadius="md"
                >
                  <Stack gap="0" minW="0">
                    <Link to="/support/$ticketId" params={{ ticketId: ticket.id }}>
                      <Text
                        fontSize="sm"
                        fontWeight="medium"
                        truncate
                        _hover={{ color: "brand.fg" }}
                      >
                        {ticket.title}
                      </Text>
                    </Link>
                    <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                      {ticketReference(ticket.id)}
                    </Text>
                  </Stack>
                  <TicketStatusBadge status={ticket.status} />
                </HStack>
              ))}
            </Stack>
          )}
        </DashboardListStates>
      </Card.Body>
    </Card.Root>
  );
}
