/**
 * The page an invitation's mail links to (/invitations/{token}, docs/team.md "Invitations"):
 * who invited which address to which account with which role. Signed out: create an account or
 * sign in, then come back here (identity/return-path.ts). Signed in with the invited address:
 * Join, and the session moves to the account. A link already used, expired, revoked, unknown,
 * or opened by someone signed in with another address gets its own answer instead.
 */
import { Box, Button, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import type { InvitationLookup } from "@portal/core/contracts/team";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Fragment, type ReactNode, useEffect } from "react";
import { ApiError } from "../api/api-error";
import { useIdentity } from "../identity/context";
import { AuthFrame } from "../identity/pages/auth-layout";
import { forgetReturnPath, rememberReturnPath } from "../identity/return-path";
import { useSignOut } from "../identity/use-sign-out";
import { LoadFailed, LoadingSpinner } from "../ui/query-states";
import { toast } from "../ui/toaster";
import { acceptInvitation, invitationQuery } from "./queries";
import { refusalOf } from "./refusals";
import { ROLE_LABELS } from "./role-labels";
import { useSwitchAccount } from "./use-switch-account";

/** The heading of each answer other than a pending invitation. */
const CLOSED_TITLES: Record<Exclude<InvitationLookup["status"], "pending">, string> = {
  accepted: "This invitation has been used",
  expired: "This invitation has expired",
  revoked: "This invitation was withdrawn",
  invalid: "We don't know this invitation",
};

export function InvitationPage({ token }: { token: string }) {
  const identity = useIdentity();
  const invitation = useQuery(invitationQuery(token));
  let body: ReactNode;
  if (!identity.loaded || invitation.isPending) {
    body = <LoadingSpinner label="Loading your invitation" />;
  } else if (invitation.isError) {
    body = <LoadFailed title="We couldn't load your invitation." retry={invitation.refetch} />;
  } else if (invitation.data.status !== "pending") {
    body = (
      <Answer title={CLOSED_TITLES[invitation.data.status]} text={invitation.data.message}>
        <Button asChild variant="outline">
          <Link to={identity.signedIn ? "/dashboard" : "/"}>
            {identity.signedIn ? "Go to my dashboard" : "Go to the home page"}
          </Link>
        </Button>
      </Answer>
    );
  } else if (!identity.signedIn) {
    body = <SignedOut invitation={invitation.data} path={`/invitations/${token}`} />;
  } else {
    body = <SignedIn invitation={invitation.data} token={token} />;
  }
  return <AuthFrame>{body}</AuthFrame>;
}

function Answer({
  title,
  text,
  children,
}: {
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: "6", md: "8" }} shadow="sm">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        {children}
      </Stack>
    </Box>
  );
}

/** Who invited which address to which account with which role, as a short list. */
function Summary({ invitation }: { invitation: InvitationLookup }) {
  const rows: [string, string | null][] = [
    ["Account", invitation.accountName],
    ["Invited by", invitation.invitedByName],
    ["Role", invitation.role ? ROLE_LABELS[invitation.role] : null],
    ["For", invitation.email],
  ];
  return (
    <Grid as="dl" templateColumns="auto 1fr" columnGap="4" rowGap="1.5" fontSize="sm">
      {rows
        .filter((row): row is [string, string] => !!row[1])
        .map(([label, value]) => (
          <Fragment key={label}>
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
              {value}
            </Text>
          </Fragment>
        ))}
    </Grid>
  );
}

function SignedOut({ invitation, path }: { invitation: InvitationLookup; path: string }) {
  return (
    <Answer
      title="You're invited to join a team"
      text="Create an account, or sign in, with the address the invitation was sent to. Then join."
    >
      <Summary invitation={invitation} />
      <Stack gap="3">
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/sign-up" onClick={() => rememberReturnPath(path, invitation.email)}>
            Create an account
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/sign-in" onClick={() => rememberReturnPath(path, invitation.email)}>
            I have an account: sign in
          </Link>
        </Button>
      </Stack>
    </Answer>
  );
}

function SignedIn({ invitation, token }: { invitation: InvitationLookup; token: string }) {
  const identity = useIdentity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const switchAccount = useSwitchAccount();
  // Back on the invitation after signing in: the way back is used up.
  useEffect(forgetReturnPath, []);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (choice) => {
      await switchAccount(choice.organizationId);
      toast({
        title: `Welcome to ${invitation.accountName ?? "the team"}`,
        description: "You joined the account. Its sites, tickets and files are yours to work on.",
      });
      await navigate({ to: "/dashboard" });
    },
    // Used, revoked or expired meanwhile (410), or gone (404): the page shows that answer.
    onError: (error) => {
      const status = ApiError.from(error)?.status;
      if (status === 410 || status === 404) {
        void queryClient.invalidateQueries({ queryKey: invitationQuery(token).queryKey });
      }
    },
  });
  const alreadyMember = ApiError.from(accept.error)?.status === 409;
  const signedInAs = identity.user?.email ?? null;
  const sameAddress =
    !invitation.email || !signedInAs || invitation.email.toLowerCase() === signedInAs.toLowerCase();

  if (!sameAddress) {
    return (
      <Answer
        title="This invitation is for another address"
        text={`It was sent to ${invitation.email}, and you are signed in as ${signedInAs}. Sign out, then sign in or create an account with ${invitation.email} to join.`}
      >
        <Button
          colorPalette="brand"
          onClick={() => {
            // Signed in again with the invited address, they come back here.
            rememberReturnPath(`/invitations/${token}`, invitation.email);
            void signOut();
          }}
        >
          Sign out
        </Button>
      </Answer>
    );
  }
  return (
    <Answer
      title="You're invited to join a team"
      text="Once you join, you work on the account's sites, content, reviews and tickets, as your role allows."
    >
      <Summary invitation={invitation} />
      {accept.isError ? (
        <Text color="fg.error" role="alert">
          {refusalOf(accept.error)}
        </Text>
      ) : null}
      {alreadyMember ? (
        <Button asChild variant="outline">
          <Link to="/dashboard">Go to my dashboard</Link>
        </Button>
      ) : null}
      <Button
        colorPalette="brand"
        size="lg"
        loading={accept.isPending}
        loadingText="Joining..."
        onClick={() => accept.mutate()}
      >
        Join the team
      </Button>
      <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
        Signed in as {signedInAs}.
      </Text>
    </Answer>
  );
}
