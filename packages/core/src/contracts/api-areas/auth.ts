/** The signed-in user's own record and e-mail preferences. The routes' contracts (contracts/api.ts). */
import { currentUserSchema, emailPreferencesUpdateSchema } from "../users";
import type { RouteContract } from "./index";

export const contracts = {
  "GET /api/auth/user": { response: currentUserSchema },
  "PATCH /api/auth/user/preferences": {
    body: emailPreferencesUpdateSchema,
    response: currentUserSchema,
  },
} as const satisfies Record<string, RouteContract>;
