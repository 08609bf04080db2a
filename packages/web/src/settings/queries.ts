/**
 * Query options and calls of /settings: the e-mail preferences (docs/notifications.md) and the
 * "Your data" part (docs/privacy.md).
 */
import type { AccountDelete } from "@portal/core/contracts/privacy";
import type { EmailPreferencesUpdate } from "@portal/core/contracts/users";
import { queryOptions } from "@tanstack/react-query";
import { apiKey, call } from "../api/call";

/** Polls while the export is being built: the job finishes in seconds to a minute. */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: apiKey("GET /api/account/export"),
    queryFn: async () => (await call("GET /api/account/export")).export,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "running" ? 2_000 : false;
    },
  });

export const requestExport = () => call("POST /api/account/export");

export const deleteAccount = (body: AccountDelete) => call("DELETE /api/account", { body });

/** Turns e-mail preferences on or off; answers the current user. */
export const updateEmailPreferences = (patch: EmailPreferencesUpdate) =>
  call("PATCH /api/auth/user/preferences", { body: patch });
