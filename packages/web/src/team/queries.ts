/**
 * Query options and calls of Settings → Team, the invitation page and the account switcher
 * (docs/team.md), each through the typed `call()` (api/call.ts), keyed by `apiKey()`.
 */
import type { InvitationCreate, TeamRole } from "@portal/core/contracts/team";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";
import { currentUserKey } from "../api/current-user";

export const teamKey = apiKey("GET /api/team");
export const accountsKey = apiKey("GET /api/team/accounts");

export const teamQuery = () =>
  queryOptions({ queryKey: teamKey, queryFn: () => call("GET /api/team") });

/** The accounts the person belongs to: the user menu's switcher. */
export const accountsQuery = () =>
  queryOptions({ queryKey: accountsKey, queryFn: () => call("GET /api/team/accounts") });

/** After a change to the team: the list, and the caller's own record (their role may change). */
export async function refreshTeam(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKey }),
    queryClient.invalidateQueries({ queryKey: currentUserKey }),
  ]);
}

export const inviteMember = (body: InvitationCreate) =>
  call("POST /api/team/invitations", { body });
export const resendInvitation = (id: string) =>
  call("POST /api/team/invitations/{id}/resend", { params: { id } });
export const revokeInvitation = (id: string) =>
  call("DELETE /api/team/invitations/{id}", { params: { id } });
export const removeMember = (userId: string) =>
  call("DELETE /api/team/members/{userId}", { params: { userId } });
export const changeRole = (userId: string, role: TeamRole) =>
  call("PATCH /api/team/members/{userId}", { params: { userId }, body: { role } });
export const transferOwnership = (userId: string) =>
  call("POST /api/team/transfer-ownership", { body: { userId } });
export const leaveAccount = () => call("POST /api/team/leave");

/** Makes `accountId` the session's account; answers the organization to set active. */
export const chooseAccount = (accountId: string) =>
  call("POST /api/team/accounts/switch", { body: { accountId } });

/** The invitation a mail's link names, as anyone holding the link sees it. */
export const invitationQuery = (token: string) => {
  const input = { params: { token } };
  return queryOptions({
    queryKey: apiKey("GET /api/invitations/{token}", input),
    queryFn: () => call("GET /api/invitations/{token}", input),
  });
};

export const acceptInvitation = (token: string) =>
  call("POST /api/invitations/{token}/accept", { params: { token } });
