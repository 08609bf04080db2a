/** One message of a ticket's conversation: the customer's, a staff reply, or an internal note. */
import { Badge, Box, Flex, HStack, Text } from "@chakra-ui/react";
import { Headset, Lock, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { formatDateTime } from "./ticket-badges";

export function MessageBubble({
  author,
  staff,
  at,
  text,
  note,
  internal = false,
  attachments,
}: {
  author: string;
  staff: boolean;
  at: string;
  text: string;
  note?: string;
  /** A note among the team (the console only): never shown to the customer. */
  internal?: boolean;
  /** The message's files (content/attachments.tsx), under the text. */
  attachments?: ReactNode;
}) {
  const Icon = internal ? Lock : staff ? Headset : UserRound;
  return (
    <Box
      as="article"
      data-testid="thread-message"
      data-staff={staff ? "true" : undefined}
      data-internal={internal ? "true" : undefined}
      bg={internal ? "yellow.subtle" : staff ? "brand.subtle" : "bg"}
      borderStyle={internal ? "dashed" : undefined}
      borderWidth="1px"
      borderColor={staff ? "brand.emphasized" : "border"}
      borderStartWidth={staff ? "4px" : "1px"}
      borderStartColor={staff ? "brand.solid" : "border"}
      borderRadius="xl"
      p={{ base: "4", md: "5" }}
      ms={{ base: "0", md: staff ? "0" : "10" }}
      me={{ base: "0", md: staff ? "10" : "0" }}
    >
      <Flex gap="2" align="center" justify="space-between" flexWrap="wrap" mb="2">
        <HStack gap="2">
          <Icon size={16} aria-hidden />
          <Text fontWeight="semibold" fontSize="sm">
            {author}
          </Text>
          {internal ? (
            <Badge colorPalette="yellow" variant="solid" size="sm">
              Internal note
            </Badge>
          ) : staff ? (
            <Badge colorPalette="brand" variant="solid" size="sm">
              Staff reply
            </Badge>
          ) : null}
          {note ? (
            <Badge variant="subtle" size="sm">
              {note}
            </Badge>
          ) : null}
        </HStack>
        <Text asChild fontSize="xs" color="fg.muted">
          <time dateTime={at}>{formatDateTime(at)}</time>
        </Text>
      </Flex>
      <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
        {text}
      </Text>
      {attachments}
    </Box>
  );
}
