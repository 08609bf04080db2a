/**
 * "Mail sent" on the console's customer page (docs/console.md): the mail the portal sent the
 * account's people, newest first, each with its state in words and, when it did not go, why.
 */

import { Badge, Code, Flex, Stack, Text } from "@chakra-ui/react";
import type { StaffMailRecord } from "@portal/core/contracts/staff";
import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime } from "../tickets/ticket-badges";
import { EmptyCard, ListStates, LoadFailed, LoadingSpinner } from "../ui/query-states";
import { LoadMore, pageItems, Section } from "./console-ui";
import { customerMailQuery } from "./queries";

/** Each state as the team reads it, and its badge's colour. */
const MAIL_STATES: Record<StaffMailRecord["state"], { label: string; palette: string }> = {
  sending: { label: "Being sent", palette: "blue" },
  sent: { label: "Sent", palette: "green" },
  skipped: { label: "Not sent", palette: "gray" },
  rejected: { label: "Refused by SES", palette: "red" },
};

function MailRow({ mail }: { mail: StaffMailRecord }) {
  const state = MAIL_STATES[mail.state];
  return (
    <Flex as="li" gap="3" align="center" justify="space-between" wrap="wrap">
      <Stack gap="0">
        <Text fontWeight="medium">
          <Code size="sm">{mail.eventType}</Code> to {mail.recipient.name}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {formatDateTime(mail.createdAt)}
          {mail.reason ? ` · ${mail.reason}` : ""}
          {mail.messageId ? ` · SES message ${mail.messageId}` : ""}
        </Text>
      </Stack>
      <Badge colorPalette={state.palette} variant="subtle">
        {state.label}
      </Badge>
    </Flex>
  );
}

/**
 * How often the list is read again while a mail is still being sent: the notifications consumer
 * settles it within seconds, and the team watching (or the smoke run's operator) sees it land.
 */
const WHILE_SENDING_MS = 2_000;

export function CustomerMail({ userId }: { userId: string }) {
  const query = useInfiniteQuery({
    ...customerMailQuery(userId),
    refetchInterval: ({ state }) =>
      state.data && pageItems<StaffMailRecord>(state.data).some((m) => m.state === "sending")
        ? WHILE_SENDING_MS
        : false,
  });
  return (
    <Section title="Mail sent">
      <ListStates
        query={query}
        select={pageItems<StaffMailRecord>}
        loading={<LoadingSpinner label="Loading the mail sent" py="12" />}
        failed={<LoadFailed title="We couldn't load the mail sent." retry={query.refetch} />}
        empty={<EmptyCard text="No mail sent yet." />}
      >
        {(mails) => (
          <Stack gap="3">
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Mail sent">
              {mails.map((mail) => (
                <MailRow key={mail.id} mail={mail} />
              ))}
            </Stack>
            <LoadMore query={query} />
          </Stack>
        )}
      </ListStates>
    </Section>
  );
}
