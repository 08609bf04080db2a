/**
 * Invitations on Settings → Team, for the owner (docs/team.md): invite by e-mail with a role,
 * then each pending invitation with who sent it and when it expires, to resend or revoke.
 */
import { Badge, Button, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { TeamInvitation } from "@portal/core/contracts/team";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toaster";
import { invitationDates } from "./invitation-dates";
import { InviteForm } from "./invite-form";
import { refreshTeam, resendInvitation, revokeInvitation } from "./queries";
import { refusalOf } from "./refusals";
import { ROLE_LABELS } from "./role-labels";

export function InvitationsCard({ invitations: all }: { invitations: TeamInvitation[] }) {
  // Accepted, revoked and expired ones of late are the members list's and the mails' business.
  const invitations = all.filter((invitation) => invitation.status === "pending");
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const resend = useMutation({
    mutationFn: (invitation: TeamInvitation) => resendInvitation(invitation.id),
    onSuccess: async (_, invitation) => {
      await refreshTeam(queryClient);
      toast({
        title: "Invitation sent again",
        description: `${invitation.email} has a new link; the earlier one no longer works.`,
      });
    },
    onError: (error) =>
      toast({
        title: "The invitation was not sent again",
        description: refusalOf(error),
        variant: "destructive",
      }),
  });
  const revoke = useMutation({
    mutationFn: (invitation: TeamInvitation) => revokeInvitation(invitation.id),
    onSuccess: async (_, invitation) => {
      setRevoking(null);
      await refreshTeam(queryClient);
      toast({
        title: "Invitation revoked",
        description: `The link sent to ${invitation.email} no longer works.`,
      });
    },
    onError: (error) => {
      setRevoking(null);
      toast({
        title: "The invitation was not revoked",
        description: refusalOf(error),
        variant: "destructive",
      });
    },
  });

  return (
    <Card.Root mb="6" data-testid="team-invitations">
      <Card.Header>
        <Stack gap="1">
          <Heading size="md">Invite someone</Heading>
          <Text fontSize="sm" color="fg.muted">
            They get an e-mail with a link that works once, for that address, for 7 days.
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <InviteForm />
        <Heading as="h3" size="sm" mt="8" mb="2">
          Pending invitations
        </Heading>
        {invitations.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No invitations waiting for an answer.
          </Text>
        ) : (
          <Stack
            as="ul"
            gap="0"
            divideY="1px"
            listStyleType="none"
            aria-label="Pending invitations"
          >
            {invitations.map((invitation) => (
              <Flex
                as="li"
                key={invitation.id}
                py="3"
                gap="3"
                align={{ base: "flex-start", md: "center" }}
                direction={{ base: "column", md: "row" }}
                data-testid="team-invitation"
              >
                <Stack gap="0.5" flex="1" minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Mail size={16} aria-hidden />
                    <Text fontWeight="medium" wordBreak="break-all">
                      {invitation.email}
                    </Text>
                    <Badge colorPalette="gray">{ROLE_LABELS[invitation.role]}</Badge>
                  </Flex>
                  <Text fontSize="xs" color="fg.muted">
                    {invitationDates(invitation)}
                  </Text>
                </Stack>
                <Flex gap="2" wrap="wrap">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    loading={resend.isPending && resend.variables?.id === invitation.id}
                    onClick={() => resend.mutate(invitation)}
                  >
                    Resend
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    onClick={() => setRevoking(invitation)}
                  >
                    Revoke
                  </Button>
                </Flex>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        confirmPalette="red"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        The link sent to {revoking?.email} stops working at once. You can invite them again later.
      </ConfirmDialog>
    </Card.Root>
  );
}
