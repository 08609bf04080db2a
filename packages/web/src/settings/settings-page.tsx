/**
 * Account Settings (docs/notifications.md, "Preferences"): e-mail preferences, the way to the
 * team (docs/team.md), the identity provider's profile widget, for an owner with a plan the
 * Developer section (docs/developer-api.md), then for an owner the account's data: export it,
 * or delete the account (docs/privacy.md). What a member may not do is not shown to them
 * (docs/team.md).
 */
import { Box, Text } from "@chakra-ui/react";
import { missingFor } from "@portal/core/access/entitlements";
import { useQuery } from "@tanstack/react-query";
import { Suspense } from "react";
import { mayDo } from "../access/role";
import { currentUserQuery } from "../api/current-user";
import { DeveloperSection } from "../developer/developer-section";
import { useIdentity, useIdentityWidgets } from "../identity/context";
import { PageHeader } from "../shell/app-shell";
import { TeamSection } from "../team/team-section";
import { LoadingSpinner } from "../ui/query-states";
import { EmailPreferencesCard } from "./email-preferences-card";
import { YourDataSection } from "./your-data-section";

export function SettingsPage() {
  const identity = useIdentity();
  const { Profile } = useIdentityWidgets();
  const { data: user } = useQuery(currentUserQuery(identity.loaded && identity.signedIn));
  const owner = mayDo(user, "owner");

  if (!identity.loaded) return <LoadingSpinner label="Loading settings" />;
  if (!identity.signedIn) return <Text>Please sign in to access settings</Text>;
  return (
    <>
      <PageHeader title="Account Settings" />
      <Box maxW="2xl">
        <EmailPreferencesCard />
        <TeamSection />
        <Suspense fallback={<LoadingSpinner label="Loading your profile" />}>
          <Profile />
        </Suspense>
        {/* The developer routes need a plan and an owner: the rules the server applies. */}
        {user && !missingFor(user, "validPlan") && owner ? <DeveloperSection /> : null}
        {/* The account's export and deletion are the owner's (docs/team.md, "Roles"). */}
        {owner ? <YourDataSection /> : null}
      </Box>
    </>
  );
}
