/** Query options and calls of the "Your data" part of /settings (docs/privacy.md). */
import {
  type AccountDelete,
  type AccountDeletion,
  type DataExport,
  dataExportStatusSchema,
} from "@portal/core/contracts/privacy";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../api/client";

export const EXPORT_PATH = "/api/account/export";
export const ACCOUNT_PATH = "/api/account";

/** Polls while the export is being built: the job finishes in seconds to a minute. */
export const dataExportQuery = () =>
  queryOptions({
    queryKey: [EXPORT_PATH],
    queryFn: async () => dataExportStatusSchema.parse(await apiJson("GET", EXPORT_PATH)).export,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "queued" || status === "running" ? 2_000 : false;
    },
  });

export const requestExport = () => apiJson<DataExport>("POST", EXPORT_PATH);

export const deleteAccount = (body: AccountDelete) =>
  apiJson<AccountDeletion>("DELETE", ACCOUNT_PATH, body);
