/**
 * PATCH /api/auth/user/preferences: the e-mail toggles on /settings, the caller's for the account
 * they act in (docs/notifications.md, "Preferences").
 */
import { contracts } from "@portal/core/contracts/api-areas/auth";
import * as Preferences from "@portal/core/notifications/preferences";
import { api } from "../handler";

export const handler = api("PATCH /api/auth/user/preferences", contracts, async ({ actor, body }) =>
  Preferences.update(actor.accountId, actor.userId, body),
);
