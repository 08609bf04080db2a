/**
 * Settings → Team (/settings/team, docs/team.md): the account's people for everyone on it; for
 * an owner also the invitation form with the pending invitations, roles and removal; handing
 * ownership over (owners) and leaving (anyone) at the bottom.
 */
import { Box, Button, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "../shell/app-shell";
import { RecordStates } from "../ui/query-states";
import { InvitationsCard } from "./invitations-card";
import { LeaveCard } from "./leave-card";
import { MembersCard } from "./members-card";
import { teamQuery } from "./queries";

export function TeamPage() {
  const team = useQuery(teamQuery());
  return (
    <>
      <PageHeader title="Team">
        <Button asChild variant="ghost" size="sm">
          <Link to="/settings">
            <ArrowLeft aria-hidden />
            Account Settings
          </Link>
        </Button>
      </PageHeader>
      <Box maxW="3xl">
        <RecordStates query={team} loading="Loading your team" failed="We couldn't load your team.">
          {(data) => {
            const isOwner = data.role === "owner";
            return (
              <>
                <Text color="fg.muted" mb="6">
                  {isOwner
                    ? "Invite the people who work on your website. Members look after the sites, content, reviews and tickets; only owners see billing, API keys, webhooks and this page's controls."
                    : "The people who work on this account. Ask an owner to invite someone or to change a role."}
                </Text>
                <MembersCard members={data.members} isOwner={isOwner} />
                {isOwner ? <InvitationsCard invitations={data.invitations} /> : null}
                <LeaveCard members={data.members} isOwner={isOwner} />
              </>
            );
          }}
        </RecordStates>
      </Box>
    </>
  );
}
