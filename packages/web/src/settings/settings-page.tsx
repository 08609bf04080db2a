/**
 * Account Settings (docs/notifications.md, "Preferences"): e-mail preferences, the identity
 * provider's profile widget, for customers with a plan the Developer section
 * (docs/developer-api.md), then their data: export it, or delete the account (docs/privacy.md).
 */
import { Box, Text } from "@chakra-ui/react";
import { missingFor } from "@portal/core/access/entitlements";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { currentUserQuery } from "../api/current-user";
import { DeveloperSection } from "../developer/developer-section";
import { useIdentity, useIdentityWidgets } from "../identity/context";
import { PageHeader } from "../shell/app-shell";
import { LoadingSpinner } from "../ui/query-states";
import { EmailPreferencesCard } from "./email-preferences-card";
import { YourDataSection } from "./your-data-section";

export function SettingsPage() {
  const identity = useIdentity();
  const { Profile } = useIdentityWidgets();
  const { data: user } = useQuery(currentUserQuery(identity.loaded && identity.signedIn));

  if (!identity.loaded) return <LoadingSpinner label="Loading settings" />;
  if (!identity.signedIn) return <Text>Please sign in to access settings</Text>;
  return (
    <>
      <PageHeader title="Account Settings" />
      <Box maxW="2xl">
        <EmailPreferencesCard />
        <Suspense fallback={<LoadingSpinner label="Loading your profile" />}>
          <Profile />
        </Suspense>
        {/* The developer routes need a plan: the same rule the server applies. */}
        {user && !missingFor(user, "validPlan") ? <DeveloperSection /> : null}
        <YourDataSection />
      </Box>
    </>
  );
}
