/**
 * One support ticket and its conversation: the original description, then every message
 * oldest first (staff replies marked), and a reply form while the ticket is not closed.
 */
import { Alert, Badge, Box, Button, Field, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import type { MemberRef } from "@portal/core/contracts/attribution";
import type { ContentFile } from "@portal/core/contracts/content";
import {
  TICKET_MESSAGE_MAX,
  type Ticket,
  type TicketReplyRequest,
  type TicketThread,
  ticketReplyRequestSchema,
} from "@portal/core/contracts/tickets";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAccess } from "../access/access-context";
import { ApiError } from "../api/api-error";
import { AttachmentList, AttachmentPicker } from "../content/attachments";
import { fileLink } from "../content/queries";
import { activitiesQuery } from "../dashboard/queries";
import { TextAreaField } from "../ui/form-fields";
import { RecordStates } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { MessageBubble } from "./message-bubble";

/** A reply's files are the customer's own, kept apart from site content. */
const ATTACHMENT_TARGET = { purpose: "attachment" } as const;

import { replyToTicket, storeThread, ticketThreadQuery } from "./queries";
import {
  CategoryIcon,
  categoryLabel,
  formatDateTime,
  TicketPriorityBadge,
  TicketStatusBadge,
  ticketReference,
} from "./ticket-badges";

export function TicketPage({ ticketId }: { ticketId: string }) {
  const thread = useQuery(ticketThreadQuery(ticketId));

  return (
    <Stack gap="5" maxW="4xl">
      <BackLink />
      <RecordStates
        query={thread}
        loading="Loading ticket"
        failed="We couldn't load this ticket."
        notFound={{
          title: "Ticket not found",
          text: "This ticket does not exist or is not one of yours.",
        }}
      >
        {(data) => <Conversation thread={data} />}
      </RecordStates>
    </Stack>
  );
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
      <Link to="/support">
        <ArrowLeft aria-hidden />
        Back to Support Center
      </Link>
    </Button>
  );
}

/**
 * Who of the account wrote: "You" for the person reading, else their name (docs/team.md, "Who
 * did it"); "You" too where no member is named.
 */
function authorName(member: MemberRef | null, meId: string | undefined): string {
  return !member || member.id === meId ? "You" : member.name;
}

function Conversation({ thread }: { thread: TicketThread }) {
  const { ticket, messages } = thread;
  const meId = useAccess().user?.id;
  return (
    <>
      <TicketHeader ticket={ticket} />
      <Stack as="ol" gap="3" listStyleType="none" aria-label="Conversation">
        <li>
          <MessageBubble
            author={authorName(ticket.openedBy, meId)}
            staff={false}
            at={ticket.createdAt}
            text={ticket.description}
            note="Original request"
          />
        </li>
        {messages.map((message) => (
          <li key={message.id}>
            <MessageBubble
              author={message.isStaffReply ? "Support Team" : authorName(message.writtenBy, meId)}
              staff={message.isStaffReply}
              at={message.createdAt}
              text={message.message}
              attachments={
                <AttachmentList
                  attachments={message.attachments}
                  link={async (id) => (await fileLink(id)).downloadUrl}
                />
              }
            />
          </li>
        ))}
      </Stack>
      {ticket.status === "closed" ? (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This ticket is closed.</Alert.Title>
            <Alert.Description>
              Replies are no longer possible. Open a new ticket from the Support Center if you need
              more help.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <ReplyForm ticket={ticket} />
      )}
    </>
  );
}

function TicketHeader({ ticket }: { ticket: Ticket }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "6" }}>
      <Flex gap="4" align="flex-start">
        <CategoryIcon category={ticket.category} />
        <Stack gap="2" minW="0" flex="1">
          <Text as="h1" fontSize={{ base: "xl", md: "2xl" }} fontWeight="bold" lineHeight="short">
            {ticket.title}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <Badge variant="surface">{categoryLabel(ticket.category)}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Ticket {ticketReference(ticket.id)} · Opened{" "}
            <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
          </Text>
        </Stack>
      </Flex>
    </Box>
  );
}

function ReplyForm({ ticket }: { ticket: Ticket }) {
  const queryClient = useQueryClient();
  const form = useForm<TicketReplyRequest>({
    resolver: zodResolver(ticketReplyRequestSchema),
    defaultValues: { message: "" },
  });
  const { handleSubmit, watch, reset, setError } = form;
  const length = watch("message")?.length ?? 0;
  const [attached, setAttached] = useState<ContentFile[]>([]);

  const send = useMutation({
    mutationFn: (values: TicketReplyRequest) =>
      replyToTicket(
        ticket.id,
        values.message,
        attached.map((file) => file.id),
      ),
    onSuccess: (thread) => {
      storeThread(queryClient, thread);
      void queryClient.invalidateQueries({ queryKey: activitiesQuery().queryKey });
      reset({ message: "" });
      setAttached([]);
    },
    onError: (error) => {
      const apiError = ApiError.from(error);
      const message = apiError?.detail;
      const fields = apiError?.fields ?? {};
      const text =
        fields.message ??
        fields.attachments ??
        message ??
        "Your reply could not be sent. Please try again.";
      setError("message", { message: text });
      toast({ title: "Error", description: text, variant: "destructive" });
      // A refusal because the ticket changed (closed meanwhile) shows the ticket as it is now.
      void queryClient.invalidateQueries({ queryKey: ticketThreadQuery(ticket.id).queryKey });
    },
  });

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "5" }}>
      <form noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
        <Stack gap="3">
          <TextAreaField
            form={form}
            name="message"
            label="Your reply"
            rows={4}
            placeholder="Write a reply..."
            note={
              <Field.HelperText
                aria-live="polite"
                color={length > TICKET_MESSAGE_MAX ? "fg.error" : undefined}
              >
                {ticket.status === "resolved"
                  ? `Replying will reopen this ticket. ${length}/${TICKET_MESSAGE_MAX} characters`
                  : `${length}/${TICKET_MESSAGE_MAX} characters`}
              </Field.HelperText>
            }
          />
          <AttachmentPicker target={ATTACHMENT_TARGET} files={attached} setFiles={setAttached} />
          <Button
            type="submit"
            colorPalette="brand"
            alignSelf={{ base: "stretch", sm: "flex-end" }}
            loading={send.isPending}
          >
            <Send aria-hidden />
            Send Reply
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
