/**
 * The customer's team on the console's customer page (docs/console.md, "Team"): the account's
 * people with their role, when each joined and was last active, and the invitations still
 * waiting for an answer. Read only: the account's owners manage their team.
 */
import { Badge, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { StaffCustomer } from "@portal/core/contracts/staff";
import { invitationDates } from "../team/invitation-dates";
import { ROLE_LABELS } from "../team/role-labels";
import { formatLongDate } from "../ui/format";
import { Section } from "./console-ui";
import { formatAge } from "./format";

export function CustomerTeam({ team }: { team: StaffCustomer["team"] }) {
  const { members, invitations } = team;
  return (
    <Section title={`Team (${members.length})`}>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Members">
        {members.map((member) => (
          <Flex
            as="li"
            key={member.userId}
            gap="2"
            justify="space-between"
            align={{ base: "flex-start", sm: "center" }}
            direction={{ base: "column", sm: "row" }}
            fontSize="sm"
          >
            <Stack gap="0" minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight="medium">{member.name?.trim() || member.email}</Text>
                <Badge colorPalette={member.role === "owner" ? "brand" : "gray"} size="sm">
                  {ROLE_LABELS[member.role]}
                </Badge>
              </Flex>
              {member.name ? (
                <Text color="fg.muted" overflowWrap="anywhere">
                  {member.email}
                </Text>
              ) : null}
            </Stack>
            <Text color="fg.muted" flexShrink="0">
              joined {formatLongDate(member.joinedAt)} ·{" "}
              {member.lastActiveAt ? `active ${formatAge(member.lastActiveAt)}` : "not active yet"}
            </Text>
          </Flex>
        ))}
      </Stack>
      <Heading as="h3" size="sm" mt="2">
        Pending invitations ({invitations.length})
      </Heading>
      {invitations.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          None.
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <Flex
              as="li"
              key={invitation.id}
              gap="2"
              justify="space-between"
              direction={{ base: "column", sm: "row" }}
              fontSize="sm"
            >
              <Flex gap="2" align="center" wrap="wrap" minW="0">
                <Text overflowWrap="anywhere">{invitation.email}</Text>
                <Badge size="sm">{ROLE_LABELS[invitation.role]}</Badge>
              </Flex>
              <Text color="fg.muted" flexShrink="0">
                {invitationDates(invitation)}
              </Text>
            </Flex>
          ))}
        </Stack>
      )}
    </Section>
  );
}
