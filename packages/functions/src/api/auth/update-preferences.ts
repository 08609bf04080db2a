/** PATCH /api/auth/user/preferences: the e-mail toggles on /settings (docs/notifications.md). */
import { emailPreferencesUpdateSchema } from "@portal/core/contracts/users";
import * as Preferences from "@portal/core/notifications/preferences";
import { api } from "../handler";

export const handler = api({ body: emailPreferencesUpdateSchema }, async ({ identity, body }) =>
  Preferences.update(identity.userId, body),
);
