/** One ticket in the Support Center list; the whole card opens the ticket's conversation. */
import { Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { Ticket } from "@portal/core/contracts/tickets";
import { Link } from "@tanstack/react-router";
import { Clock } from "lucide-react";
import {
  CategoryIcon,
  categoryLabel,
  formatDateTime,
  TicketPriorityBadge,
  TicketStatusBadge,
} from "./ticket-badges";

export function TicketCard({ ticket }: { ticket: Ticket }) {
  return (
    <Box
      asChild
      display="block"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: "brand.emphasized", boxShadow: "sm" }}
      _focusVisible={{
        outline: "2px solid",
        outlineColor: "brand.focusRing",
        outlineOffset: "2px",
      }}
    >
      <Link to="/support/$ticketId" params={{ ticketId: ticket.id }} data-testid="ticket-card">
        <Flex gap={{ base: "3", md: "4" }} align="flex-start">
          <CategoryIcon category={ticket.category} />
          <Stack gap="2" minW="0" flex="1">
            <Flex
              gap="2"
              justify="space-between"
              align={{ base: "flex-start", md: "center" }}
              direction={{ base: "column", md: "row" }}
            >
              <Text as="h2" fontWeight="semibold" fontSize="md" lineClamp={2} minW="0">
                {ticket.title}
              </Text>
              <HStack gap="2" flexShrink="0" flexWrap="wrap">
                <TicketStatusBadge status={ticket.status} />
                <TicketPriorityBadge priority={ticket.priority} />
              </HStack>
            </Flex>
            <Text color="fg.muted" fontSize="sm" lineClamp={2}>
              {ticket.description}
            </Text>
            <HStack gap="3" fontSize="xs" color="fg.muted" flexWrap="wrap">
              <Text>{categoryLabel(ticket.category)}</Text>
              <HStack gap="1">
                <Clock size={12} aria-hidden />
                <Text asChild>
                  <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
                </Text>
              </HStack>
            </HStack>
          </Stack>
        </Flex>
      </Link>
    </Box>
  );
}
