/**
 * One ticket as the team works it (docs/console.md): the whole conversation including internal
 * notes, the controls (assignee, status, priority), the ticket's internal notes, and a reply
 * box that sends either a reply the customer reads or an internal note.
 */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Grid,
  HStack,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from "@chakra-ui/react";
import type { ContentFile } from "@portal/core/contracts/content";
import type {
  StaffTicket,
  StaffTicketThread,
  StaffTicketUpdate,
} from "@portal/core/contracts/staff";
import { TICKET_MESSAGE_MAX } from "@portal/core/contracts/tickets";
import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS } from "@portal/core/tickets/enums";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Send } from "lucide-react";
import { useMemo, useState } from "react";
import { useAccess } from "../access/access-context";
import { ApiError } from "../api/api-error";
import { AttachmentList, AttachmentPicker } from "../content/attachments";
import { customerFileLink } from "../content/queries";
import { MessageBubble } from "../tickets/message-bubble";
import {
  categoryLabel,
  formatDateTime,
  TicketPriorityBadge,
  TicketStatusBadge,
  ticketReference,
} from "../tickets/ticket-badges";
import { RecordStates } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { Section } from "./console-ui";
import { formatMinutes } from "./format";
import { refreshConsole, replyToTicket, ticketQuery, updateTicket } from "./queries";

export function StaffTicketPage({ userId, ticketId }: { userId: string; ticketId: string }) {
  const query = useQuery(ticketQuery(userId, ticketId));
  return (
    <Stack gap="5" maxW="6xl">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
        <Link to="/staff/tickets">
          <ArrowLeft aria-hidden />
          Ticket Inbox
        </Link>
      </Button>
      <RecordStates
        query={query}
        loading="Loading ticket"
        failed="We couldn't load the ticket."
        notFound={{ title: "This ticket does not exist." }}
      >
        {(thread) => <TicketWork thread={thread} />}
      </RecordStates>
    </Stack>
  );
}

function TicketWork({ thread }: { thread: StaffTicketThread }) {
  const { ticket, messages } = thread;
  return (
    <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 1fr) 18rem" }} gap="5" alignItems="start">
      <Stack gap="4" minW="0">
        <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "5" }}>
          <Text as="h1" fontSize={{ base: "xl", md: "2xl" }} fontWeight="bold">
            {ticket.title}
          </Text>
          <HStack gap="2" flexWrap="wrap" mt="2">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <Badge variant="surface">{categoryLabel(ticket.category)}</Badge>
            {ticket.waitingOnStaff ? (
              <Badge colorPalette="red" variant="solid">
                Waiting on us
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted" mt="2">
            Ticket {ticketReference(ticket.id)} · opened {formatDateTime(ticket.createdAt)} by{" "}
            <Link to="/staff/customers/$userId" params={{ userId: ticket.userId }}>
              <Text as="span" color="brand.fg" textDecoration="underline">
                {ticket.customerEmail ?? "the customer"}
              </Text>
            </Link>
          </Text>
        </Box>
        <Stack as="ol" gap="3" listStyleType="none" aria-label="Conversation">
          <li>
            <MessageBubble
              author={ticket.openedBy?.name ?? "Customer"}
              staff={false}
              at={ticket.createdAt}
              text={ticket.description}
              note="Original request"
            />
          </li>
          {messages.map((message) => (
            <li key={message.id}>
              <MessageBubble
                author={
                  message.isInternal
                    ? "Team"
                    : message.isStaffReply
                      ? "Support Team"
                      : (message.writtenBy?.name ?? "Customer")
                }
                staff={message.isStaffReply}
                internal={message.isInternal}
                at={message.createdAt}
                text={message.message}
                attachments={
                  <AttachmentList
                    attachments={message.attachments}
                    link={async (id) => (await customerFileLink(ticket.userId, id)).url}
                  />
                }
              />
            </li>
          ))}
        </Stack>
        <ReplyBox ticket={ticket} />
      </Stack>
      <TicketControls ticket={ticket} />
    </Grid>
  );
}

function useTicketUpdate(ticket: StaffTicket) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: StaffTicketUpdate) => updateTicket(ticket.userId, ticket.id, update),
    onSuccess: () => refreshConsole(queryClient),
    onError: (error) =>
      toast({
        title: "The ticket was not changed",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      }),
  });
}

function TicketControls({ ticket }: { ticket: StaffTicket }) {
  const { user } = useAccess();
  const update = useTicketUpdate(ticket);
  const [notes, setNotes] = useState(ticket.internalNotes ?? "");
  const mine = ticket.assignedTo !== null && ticket.assignedTo === user?.id;
  return (
    <Stack gap="4">
      <Section title="Work">
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Assignee</Field.Label>
            <HStack gap="2" w="full">
              <Text fontSize="sm" flex="1">
                {ticket.assignedTo === null ? "Unassigned" : mine ? "You" : "Another team member"}
              </Text>
              <Button
                size="xs"
                variant="outline"
                loading={update.isPending && update.variables?.assignedTo !== undefined}
                onClick={() => update.mutate({ assignedTo: mine ? null : (user?.id ?? null) })}
              >
                {mine ? "Unassign" : "Assign to me"}
              </Button>
            </HStack>
          </Field.Root>
          <Field.Root>
            <Field.Label>Status</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={ticket.status}
                onChange={(event) =>
                  update.mutate({ status: event.target.value as StaffTicket["status"] })
                }
              >
                {Object.entries(TICKET_STATUS_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>Priority</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={ticket.priority}
                onChange={(event) =>
                  update.mutate({ priority: event.target.value as StaffTicket["priority"] })
                }
              >
                {Object.entries(TICKET_PRIORITY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Flex justify="space-between" fontSize="sm" color="fg.muted">
            <Text>First response</Text>
            <Text>{formatMinutes(ticket.responseTime)}</Text>
          </Flex>
          <Flex justify="space-between" fontSize="sm" color="fg.muted">
            <Text>Resolution</Text>
            <Text>{formatMinutes(ticket.resolutionTime)}</Text>
          </Flex>
        </Stack>
      </Section>
      <Section title="Internal notes">
        <Field.Root>
          <Field.Label srOnly>Internal notes</Field.Label>
          <Textarea
            rows={5}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="Only the team sees these."
          />
          <Field.HelperText>Never shown to the customer.</Field.HelperText>
        </Field.Root>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-end"
          disabled={notes === (ticket.internalNotes ?? "")}
          loading={update.isPending && update.variables?.internalNotes !== undefined}
          onClick={() => update.mutate({ internalNotes: notes })}
        >
          Save notes
        </Button>
      </Section>
    </Stack>
  );
}

function ReplyBox({ ticket }: { ticket: StaffTicket }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState("");
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<ContentFile[]>([]);
  // A proof or screenshot goes to the customer's files first; the reply then points at it.
  const target = useMemo(
    () => ({ customerId: ticket.userId, purpose: "attachment" as const }),
    [ticket.userId],
  );
  const send = useMutation({
    mutationFn: () =>
      replyToTicket(ticket.userId, ticket.id, {
        message,
        isInternal: internal,
        attachments: attached.map((file) => file.id),
      }),
    onSuccess: (sent) => {
      queryClient.setQueryData(ticketQuery(ticket.userId, ticket.id).queryKey, (thread) =>
        thread ? { ...thread, messages: [...thread.messages, sent] } : thread,
      );
      setMessage("");
      setAttached([]);
      setError(null);
      void refreshConsole(queryClient);
    },
    onError: (failure) => {
      const apiError = ApiError.from(failure);
      const text = apiError?.detail;
      const fields = apiError?.fields ?? {};
      setError(
        fields.message ??
          fields.attachments ??
          text ??
          "Your message could not be sent. Please try again.",
      );
    },
  });
  const closed = ticket.status === "closed";
  const tooLong = message.length > TICKET_MESSAGE_MAX;
  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "4", md: "5" }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!message.trim()) return setError("Write a message");
          send.mutate();
        }}
      >
        <Stack gap="3">
          <Field.Root invalid={!!error || tooLong}>
            <Field.Label>{internal ? "Internal note" : "Reply to the customer"}</Field.Label>
            <Textarea
              rows={4}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={internal ? "Only the team sees this." : "Write a reply..."}
              bg={internal ? "yellow.subtle" : undefined}
            />
            <Field.HelperText>
              {closed && !internal
                ? "This ticket is closed: reopen it to reply, or add an internal note."
                : `${message.length}/${TICKET_MESSAGE_MAX} characters`}
            </Field.HelperText>
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <AttachmentPicker target={target} files={attached} setFiles={setAttached} />
          <Flex justify="space-between" align="center" gap="3" flexWrap="wrap">
            <Checkbox.Root
              checked={internal}
              onCheckedChange={(event) => setInternal(!!event.checked)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Internal note (not sent to the customer)</Checkbox.Label>
            </Checkbox.Root>
            <Button
              type="submit"
              colorPalette={internal ? "yellow" : "brand"}
              loading={send.isPending}
              disabled={tooLong || (closed && !internal)}
            >
              <Send aria-hidden />
              {internal ? "Add note" : "Send reply"}
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}
