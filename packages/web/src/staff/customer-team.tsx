/**
 * The customer's team on the console's customer page (docs/console.md, "Team"): the account's
 * people with their role, when each joined and was last active, and the invitations still
 * waiting for an answer. The account's owners manage their team; only an account flagged ownerless
 * gets an "Appoint owner" action on each of its people, confirmed first.
 */
import { Badge, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { StaffCustomer, StaffTeamMember } from "@portal/core/contracts/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../api/api-error";
import { invitationDates } from "../team/invitation-dates";
import { ROLE_LABELS } from "../team/role-labels";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { Section } from "./console-ui";
import { formatAge } from "./format";
import { appointOwner, refreshConsole } from "./queries";

const nameOf = (member: StaffTeamMember) => member.name?.trim() || member.email;

export function CustomerTeam({
  userId,
  ownerless,
  team,
}: {
  userId: string;
  ownerless: boolean;
  team: StaffCustomer["team"];
}) {
  const { members, invitations } = team;
  const queryClient = useQueryClient();
  const [appointing, setAppointing] = useState<StaffTeamMember | null>(null);
  const appoint = useMutation({
    mutationFn: (member: StaffTeamMember) => appointOwner(userId, member.userId),
    onSuccess: async (member) => {
      setAppointing(null);
      toast({ title: "Owner appointed", description: `${nameOf(member)} owns the account now.` });
      await refreshConsole(queryClient);
    },
    onError: (error) => {
      setAppointing(null);
      toast({
        title: "No owner was appointed",
        description: ApiError.from(error)?.detail ?? "Please try again.",
        variant: "destructive",
      });
    },
  });
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
                <Text fontWeight="medium">{nameOf(member)}</Text>
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
            <Flex gap="2" align="center" flexShrink="0">
              <Text color="fg.muted">
                joined {formatLongDate(member.joinedAt)} ·{" "}
                {member.lastActiveAt
                  ? `active ${formatAge(member.lastActiveAt)}`
                  : "not active yet"}
              </Text>
              {ownerless ? (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => setAppointing(member)}
                  aria-label={`Appoint ${nameOf(member)} owner`}
                >
                  Appoint owner
                </Button>
              ) : null}
            </Flex>
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
      <ConfirmDialog
        open={appointing !== null}
        onOpenChange={(open) => {
          if (!open) setAppointing(null);
        }}
        title={appointing ? `Make ${nameOf(appointing)} the account's owner?` : ""}
        confirmLabel="Appoint owner"
        pending={appoint.isPending}
        onConfirm={() => appointing && appoint.mutate(appointing)}
      >
        <Text>
          They can then manage billing, API keys and the team. Do this only once the customer has
          agreed who takes the account over; the audit log records it under your name.
        </Text>
      </ConfirmDialog>
    </Section>
  );
}
