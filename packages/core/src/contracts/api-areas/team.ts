/**
 * The customer's team (docs/team.md): members, roles, invitations, the caller's accounts and
 * the session's choice of one. The routes' contracts (contracts/api.ts).
 */
import {
  accountChoiceSchema,
  accountSwitchSchema,
  invitationCreateSchema,
  invitationLookupSchema,
  invitationTokenParams,
  memberParams,
  memberRoleUpdateSchema,
  myAccountsSchema,
  ownershipTransferSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
} from "../team";
import type { RouteContract } from "./index";
import { idParams } from "./params";

export const contracts = {
  "GET /api/team": { response: teamSchema },
  "POST /api/team/invitations": {
    status: 201,
    body: invitationCreateSchema,
    response: teamInvitationSchema,
  },
  "POST /api/team/invitations/{id}/resend": { params: idParams, response: teamInvitationSchema },
  "DELETE /api/team/invitations/{id}": { params: idParams, response: teamInvitationSchema },
  "PATCH /api/team/members/{userId}": {
    params: memberParams,
    body: memberRoleUpdateSchema,
    response: teamMemberSchema,
  },
  "DELETE /api/team/members/{userId}": { params: memberParams, response: null },
  "POST /api/team/transfer-ownership": { body: ownershipTransferSchema, response: teamSchema },
  "POST /api/team/leave": { response: null },
  "GET /api/team/accounts": { response: myAccountsSchema },
  "POST /api/team/accounts/switch": { body: accountSwitchSchema, response: accountChoiceSchema },
  "GET /api/invitations/{token}": {
    params: invitationTokenParams,
    response: invitationLookupSchema,
  },
  "POST /api/invitations/{token}/accept": {
    params: invitationTokenParams,
    response: accountChoiceSchema,
  },
} as const satisfies Record<string, RouteContract>;
