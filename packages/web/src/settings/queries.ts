/** Query options and calls of the "Your data" part of /settings (docs/privacy.md). */
import type { AccountDelete } from "@portal/core/contracts/privacy";
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
