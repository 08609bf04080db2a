import { createFileRoute } from "@tanstack/react-router";
import { loadPageData } from "../../api/page-data";
import { ApiReferencePage } from "../../developer/api-reference-page";

/**
 * The API reference at /settings/api-reference (docs/developer-api.md), beside Settings rather
 * than inside it, gated like Settings.
 */
export const Route = createFileRoute("/_portal/settings_/api-reference")({
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const { openApiQuery } = await import("../../developer/queries");
      return [context.queryClient.ensureQueryData(openApiQuery())];
    }),
  component: ApiReferencePage,
});
