import { Box, Center, Spinner, Text } from "@chakra-ui/react";
import { createFileRoute } from "@tanstack/react-router";
import { Suspense } from "react";
import { useIdentity, useIdentityWidgets } from "../../identity/context";
import { EmailPreferencesCard } from "../../settings/email-preferences-card";
import { PageHeader } from "../../shell/app-shell";

/**
 * Account Settings (docs/notifications.md, "Preferences"): e-mail preferences and the identity
 * provider's profile widget.
 */
export const Route = createFileRoute("/_portal/settings")({ component: SettingsPage });

function SettingsPage() {
  const identity = useIdentity();
  const { Profile } = useIdentityWidgets();
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
      </Box>
    </>
  );
}
