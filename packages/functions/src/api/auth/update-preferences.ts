/** PATCH /api/auth/user/preferences: the e-mail toggles on /settings (docs/notifications.md). */
import { contracts } from "@portal/core/contracts/api-areas/auth";
import * as Preferences from "@portal/core/notifications/preferences";
import { api } from "../handler";

export const handler = api(
  "PATCH /api/auth/user/preferences",
  contracts,
  async ({ identity, body }) => Preferences.update(identity.userId, body),
);
