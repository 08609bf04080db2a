import { createFileRoute } from "@tanstack/react-router";
import { mayDo } from "../../access/role";
import { loadPageData } from "../../api/page-data";
import { SettingsPage } from "../../settings/settings-page";

/** Account Settings (packages/web/src/settings/settings-page.tsx). */
export const Route = createFileRoute("/_portal/settings")({
  // The e-mail preferences read the current user, which the gate has already loaded; the
  // Developer section's lists are read when it shows, for an owner with a plan.
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const user = context.access.kind === "signed-in" ? context.access.user : undefined;
      const [{ missingFor }, developer] = await Promise.all([
        import("@portal/core/access/entitlements"),
        import("../../developer/queries"),
      ]);
      if (!user || missingFor(user, "validPlan") || !mayDo(user, "owner")) return [];
      return [
        context.queryClient.ensureQueryData(developer.apiKeysQuery()),
        context.queryClient.ensureQueryData(developer.webhooksQuery()),
      ];
    }),
  component: SettingsPage,
});
