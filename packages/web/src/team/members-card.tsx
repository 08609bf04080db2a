/**
 * The account's members on Settings → Team (docs/team.md): name, e-mail, role, when each joined
 * and was last active. An owner changes another person's role and removes people; each change
 * is asked first. What the server refuses (the last owner, for one) comes back in its words.
 */
import {
  Avatar,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  NativeSelect,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { TeamMember, TeamRole } from "@portal/core/contracts/team";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatAge } from "../staff/format";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatLongDate } from "../ui/format";
import { toast } from "../ui/toaster";
import { changeRole, refreshTeam, removeMember } from "./queries";
import { refusalOf } from "./refusals";
import { ROLE_LABELS } from "./role-labels";

type Pending =
  | { action: "remove"; member: TeamMember }
  | { action: "role"; member: TeamMember; role: TeamRole };

/** "Ada Lovelace", else the e-mail address. */
export const memberName = (member: Pick<TeamMember, "name" | "email">) =>
  member.name?.trim() || member.email;

export function MembersCard({ members, isOwner }: { members: TeamMember[]; isOwner: boolean }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const queryClient = useQueryClient();
  const close = () => setPending(null);
  const failed = (title: string) => (error: unknown) => {
    close();
    toast({ title, description: refusalOf(error), variant: "destructive" });
  };

  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeMember(member.userId),
    onSuccess: async (_, member) => {
      close();
      await refreshTeam(queryClient);
      toast({
        title: `${memberName(member)} was removed`,
        description: "They no longer have access to this account.",
      });
    },
    onError: failed("The member was not removed"),
  });
  const role = useMutation({
    mutationFn: (change: { member: TeamMember; role: TeamRole }) =>
      changeRole(change.member.userId, change.role),
    onSuccess: async (updated) => {
      close();
      await refreshTeam(queryClient);
      toast({ title: `${memberName(updated)} is now ${article(updated.role)}` });
    },
    onError: failed("The role was not changed"),
  });

  return (
    <Card.Root mb="6" data-testid="team-members">
      <Card.Header>
        <Heading size="md">Members</Heading>
        <Text fontSize="sm" color="fg.muted">
          {members.length === 1
            ? "Only you so far."
            : `${members.length} people work on this account.`}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="0" divideY="1px" listStyleType="none" aria-label="Members">
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              manage={isOwner && !member.isYou}
              onRemove={() => setPending({ action: "remove", member })}
              onRole={(next) => setPending({ action: "role", member, role: next })}
            />
          ))}
        </Stack>
      </Card.Body>

      <ConfirmDialog
        open={pending?.action === "remove"}
        onOpenChange={(open) => (open ? null : close())}
        title={`Remove ${pending ? memberName(pending.member) : ""}?`}
        confirmLabel="Remove"
        confirmPalette="red"
        pending={remove.isPending}
        onConfirm={() => pending?.action === "remove" && remove.mutate(pending.member)}
      >
        They lose access to this account at their next click. What they did stays, under their name.
        You can invite them again later.
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.action === "role"}
        onOpenChange={(open) => (open ? null : close())}
        title={
          pending?.action === "role"
            ? `Make ${memberName(pending.member)} ${article(pending.role)}?`
            : ""
        }
        confirmLabel="Change role"
        pending={role.isPending}
        onConfirm={() => pending?.action === "role" && role.mutate(pending)}
      >
        {pending?.action === "role" && pending.role === "owner"
          ? "Owners see and change everything: billing and the plan, API keys and webhooks, the team, and the account's export and deletion."
          : "Members work on the sites, content, reviews and tickets. They no longer see billing, API keys, webhooks or the team's settings."}
      </ConfirmDialog>
    </Card.Root>
  );
}

/** "an owner", "a member". */
function article(role: TeamRole) {
  return `${role === "owner" ? "an" : "a"} ${ROLE_LABELS[role].toLowerCase()}`;
}

function MemberRow({
  member,
  manage,
  onRemove,
  onRole,
}: {
  member: TeamMember;
  manage: boolean;
  onRemove: () => void;
  onRole: (role: TeamRole) => void;
}) {
  const name = memberName(member);
  return (
    <Flex
      as="li"
      py="3"
      gap="3"
      align={{ base: "flex-start", md: "center" }}
      direction={{ base: "column", md: "row" }}
      data-testid="team-member"
      aria-label={name}
    >
      <Flex gap="3" align="center" flex="1" minW="0">
        <Avatar.Root size="sm" colorPalette="brand">
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Stack gap="0.5" minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="medium" wordBreak="break-word">
              {name}
              {member.isYou ? " (you)" : ""}
            </Text>
            {manage ? null : (
              <Badge colorPalette={member.role === "owner" ? "brand" : "gray"}>
                {ROLE_LABELS[member.role]}
              </Badge>
            )}
          </Flex>
          {member.name ? (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {member.email}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted">
            Joined {formatLongDate(member.joinedAt)} ·{" "}
            {member.lastActiveAt
              ? `Last active ${formatAge(member.lastActiveAt)}`
              : "Not active yet"}
          </Text>
        </Stack>
      </Flex>
      {manage ? (
        <Flex gap="2" align="center" flexShrink="0">
          <NativeSelect.Root size="sm" w="32">
            <NativeSelect.Field
              aria-label={`Role of ${name}`}
              value={member.role}
              onChange={(event) => onRole(event.target.value as TeamRole)}
            >
              <option value="member">{ROLE_LABELS.member}</option>
              <option value="owner">{ROLE_LABELS.owner}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove}>
            Remove
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
