import { Box, Center, Spinner, Text } from "@chakra-ui/react";
import { missingFor } from "@portal/core/access/entitlements";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { currentUserQuery } from "../../api/current-user";
import { loadPageData } from "../../api/page-data";
import { DeveloperSection } from "../../developer/developer-section";
import { useIdentity, useIdentityWidgets } from "../../identity/context";
import { EmailPreferencesCard } from "../../settings/email-preferences-card";
import { YourDataSection } from "../../settings/your-data-section";
import { PageHeader } from "../../shell/app-shell";

/**
 * Account Settings (docs/notifications.md, "Preferences"): e-mail preferences, the identity
 * provider's profile widget, for customers with a plan the Developer section
 * (docs/developer-api.md), then their data: export it, or delete the account (docs/privacy.md).
 */
export const Route = createFileRoute("/_portal/settings")({
  // The e-mail preferences read the current user, which the gate has already loaded; the
  // Developer section's lists are read when it shows, for a customer with a plan.
  loader: ({ context }) =>
    loadPageData(context, async () => {
      const user = context.access.kind === "signed-in" ? context.access.user : undefined;
      const [{ missingFor }, developer] = await Promise.all([
        import("@portal/core/access/entitlements"),
        import("../../developer/queries"),
      ]);
      if (!user || missingFor(user, "validPlan")) return [];
      return [
        context.queryClient.ensureQueryData(developer.apiKeysQuery()),
        context.queryClient.ensureQueryData(developer.webhooksQuery()),
      ];
    }),
  component: SettingsPage,
});

function SettingsPage() {
  const identity = useIdentity();
  const { Profile } = useIdentityWidgets();
  const { data: user } = useQuery(currentUserQuery(identity.loaded && identity.signedIn));
  const spinner = (
    <Center py="16">
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );

  if (!identity.loaded) return spinner;
  if (!identity.signedIn) return <Text>Please sign in to access settings</Text>;
  return (
    <>
      <PageHeader title="Account Settings" />
      <Box maxW="2xl">
        <EmailPreferencesCard />
        <Suspense fallback={spinner}>
          <Profile />
        </Suspense>
        {/* The developer routes need a plan: the same rule the server applies. */}
        {user && !missingFor(user, "validPlan") ? <DeveloperSection /> : null}
        <YourDataSection />
      </Box>
    </>
  );
}
