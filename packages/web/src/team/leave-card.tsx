/**
 * The bottom of Settings → Team (docs/team.md): an owner hands ownership over to someone else
 * (they step down to member), and anyone leaves the account. An account always keeps an owner:
 * the last one hands over before leaving, which the server holds to and says.
 */
import { Box, Button, Card, Flex, Heading, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { TeamMember } from "@portal/core/contracts/team";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toaster";
import { memberName } from "./members-card";
import { leaveAccount, refreshTeam, transferOwnership } from "./queries";
import { refusalOf } from "./refusals";
import { useSwitchAccount } from "./use-switch-account";

export function LeaveCard({ members, isOwner }: { members: TeamMember[]; isOwner: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const others = members.filter((member) => !member.isYou);
  const [heirId, setHeirId] = useState("");
  const heir = others.find((member) => member.userId === heirId) ?? null;
  const [confirming, setConfirming] = useState<"hand-over" | "leave" | null>(null);
  const close = () => setConfirming(null);

  const handOver = useMutation({
    mutationFn: (member: TeamMember) => transferOwnership(member.userId),
    onSuccess: async (_, member) => {
      close();
      setHeirId("");
      await refreshTeam(queryClient);
      toast({
        title: `${memberName(member)} now owns the account`,
        description: "You stay on it as a member.",
      });
    },
    onError: (error) => {
      close();
      toast({
        title: "Ownership was not handed over",
        description: refusalOf(error),
        variant: "destructive",
      });
    },
  });
  const leave = useMutation({
    mutationFn: leaveAccount,
    onSuccess: async () => {
      close();
      toast({ title: "You left the account" });
      // The session goes back to the person's own account, and everything cached goes.
      await switchAccount(null);
      await navigate({ to: "/dashboard" });
    },
    onError: (error) => {
      close();
      toast({
        title: "You did not leave the account",
        description: refusalOf(error),
        variant: "destructive",
      });
    },
  });

  const lastOwner = isOwner && !others.some((member) => member.role === "owner");
  // Alone on the account, there is nobody to hand over to and nothing to leave.
  if (others.length === 0) return null;
  return (
    <Card.Root mb="6" data-testid="team-leave">
      <Card.Body>
        <Stack gap="6">
          {isOwner ? (
            <Box>
              <Heading as="h3" size="sm">
                Hand over ownership
              </Heading>
              <Text fontSize="sm" color="fg.muted" mb="3">
                The person you choose becomes an owner; you stay on the account as a member.
              </Text>
              <Flex gap="3" direction={{ base: "column", sm: "row" }}>
                <NativeSelect.Root size="sm" flex="1">
                  <NativeSelect.Field
                    aria-label="New owner"
                    value={heirId}
                    onChange={(event) => setHeirId(event.target.value)}
                  >
                    <option value="">Choose a person</option>
                    {others.map((member) => (
                      <option key={member.userId} value={member.userId}>
                        {memberName(member)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!heir}
                  onClick={() => setConfirming("hand-over")}
                >
                  Hand over ownership
                </Button>
              </Flex>
            </Box>
          ) : null}
          <Flex
            gap="3"
            justify="space-between"
            align={{ base: "flex-start", sm: "center" }}
            direction={{ base: "column", sm: "row" }}
          >
            <Box>
              <Heading as="h3" size="sm">
                Leave this account
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {lastOwner
                  ? "You are its only owner: hand ownership over first."
                  : "You lose access at once; an owner can invite you again."}
              </Text>
            </Box>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              flexShrink="0"
              disabled={lastOwner}
              onClick={() => setConfirming("leave")}
            >
              Leave account
            </Button>
          </Flex>
        </Stack>
      </Card.Body>

      <ConfirmDialog
        open={confirming === "hand-over"}
        onOpenChange={(open) => (open ? null : close())}
        title={`Hand ownership to ${heir ? memberName(heir) : ""}?`}
        confirmLabel="Hand over ownership"
        pending={handOver.isPending}
        onConfirm={() => heir && handOver.mutate(heir)}
      >
        They will manage billing and the plan, API keys, webhooks and the team. You become a member:
        you keep working on the sites, but no longer see those.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "leave"}
        onOpenChange={(open) => (open ? null : close())}
        title="Leave this account?"
        confirmLabel="Leave account"
        confirmPalette="red"
        pending={leave.isPending}
        onConfirm={() => leave.mutate()}
      >
        You lose access to its sites, tickets and files at once. What you did stays, under your
        name.
      </ConfirmDialog>
    </Card.Root>
  );
}
